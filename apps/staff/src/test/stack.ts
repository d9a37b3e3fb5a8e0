import { expect, vi } from 'vitest';

/**
 * Lays every observed element out `width` pixels wide, as a browser's ResizeObserver would
 * report it: the room a StackTable's frame has (jsdom lays nothing out).
 */
export function layOutAt(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report(
          [{ target, contentRect: { width } as DOMRectReadOnly } as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

/**
 * A table stacked as cards, each card reading as the table did: its main cell on top, every
 * other cell (but its actions and what a card leaves out) under its column's name, in order.
 */
export function expectCardsNamedByColumns(table: HTMLElement) {
  expect(table.hasAttribute('data-stacked')).toBe(true);
  const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
  const rows = table.querySelectorAll('tbody tr');
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const cells = [...row.children];
    expect(cells).toHaveLength(heads.length);
    expect(cells.filter((c) => c.getAttribute('data-stack') === 'main')).toHaveLength(1);
    cells.forEach((cell, i) => {
      if (cell.hasAttribute('data-stack')) return;
      expect(cell.getAttribute('data-label'), `cell ${i + 1} of "${row.textContent}"`).toBe(heads[i]);
    });
  }
}
