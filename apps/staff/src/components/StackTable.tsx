import { Table, type TableProps } from '@mantine/core';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import classes from './StackTable.module.css';

/**
 * How a cell of a StackTable shows when its rows stack as cards (`data-stack` on Table.Td):
 * `main` heads the card across its whole width, `actions` ends it, `hide` is left out (a fact
 * the card does not need, such as a line number). Any other cell is a fact under its
 * `data-label`, the column's name, shown above its value.
 */
export type StackRole = 'main' | 'actions' | 'hide';

/** The width of an element, as laid out now and whenever it changes (0 until measured). */
function useWidth<T extends HTMLElement>(): [(node: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    // Measured as the element is attached, before the first paint: a portrait tablet never sees
    // the wide table first.
    setWidth(el.getBoundingClientRect().width);
    observer.current = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

interface StackTableProps extends Omit<TableProps, 'children'> {
  /** The width the columns need; in a narrower frame each row becomes a card of its facts. */
  minWidth: number;
  children: ReactNode;
}

/**
 * The console's tables (decision 0072): columns where they fit; where they would not (a portrait
 * tablet), each row stacked as a card, its main cell on top, every other cell under its column's
 * name, its actions last, instead of a table to scroll sideways. It stays a table: the header row
 * is kept for screen readers (hidden from sight only) and every control keeps its place in the
 * tab order.
 */
export function StackTable({ minWidth, children, className, ...tableProps }: StackTableProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const table = useRef<HTMLTableElement>(null);
  // What the columns took when they last did not fit (a long title needs more than minWidth).
  const [needed, setNeeded] = useState(0);
  const stacked = width > 0 && width < Math.max(minWidth, needed);
  // Checked again whenever the rows change (children) or the frame does; set once per overflow,
  // as the columns are no longer laid out once stacked.
  useLayoutEffect(() => {
    const taken = table.current?.getBoundingClientRect().width ?? 0;
    if (!stacked && width > 0 && taken > width + 1) setNeeded(Math.ceil(taken));
  }, [stacked, width, children]);
  return (
    <div ref={ref} className={classes.frame}>
      <Table.ScrollContainer minWidth={stacked ? 0 : minWidth}>
        <Table
          {...tableProps}
          ref={table}
          className={[classes.table, className].filter(Boolean).join(' ')}
          data-stacked={stacked || undefined}
        >
          {children}
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
