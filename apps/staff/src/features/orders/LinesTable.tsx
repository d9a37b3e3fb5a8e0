import {
  ActionIcon,
  Badge,
  Image,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { PURCHASE_UNITS } from '@vitrine/contract';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { StackTable } from '../../components/StackTable';
import { formatAmount, formatNumber } from '../../lib/format';
import {
  type DraftLine,
  LINE_FIELDS,
  type LineError,
  type LineField,
  lineTotal,
  purchaseQuantity,
} from './draft';

/** What a line shows beside its cells: the product, and the buyer's answer once there is one. */
export interface LineProduct {
  picture: string | null;
  number: string | null;
  name: string;
  /** The buyer's answer to a sent quotation: confirmed, changed (with what was quoted), removed. */
  answer?:
    { state: 'confirmed' | 'changed' | 'removed' | 'pending'; quotedBoxes?: number | null } | undefined;
}

const NUMERIC: ReadonlySet<LineField> = new Set(['boxes', 'pieces_per_box', 'inner_boxes', 'price']);
const WIDTH: Record<LineField, number> = {
  unit: 72,
  boxes: 60,
  pieces_per_box: 68,
  inner_boxes: 56,
  packaging: 96,
  specifications: 100,
  remark: 88,
  price: 88,
};

const cellId = (row: number, field: LineField) => `quote-cell-${row}-${field}`;

/**
 * Spreadsheet keys: Enter and ↓ go to the same cell of the next line, Shift+Enter and ↑ to the
 * line above, Ctrl+D copies the cell of the line above (fill down). Tab goes across, as always.
 */
export function moveFocus(event: React.KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  const row = Number(target.dataset.row);
  const field = target.dataset.field as LineField | undefined;
  if (!field || !Number.isInteger(row) || event.nativeEvent.isComposing) return;
  // In the unit's list the arrows choose a unit, as in any select.
  const arrows = target.tagName !== 'SELECT';
  let next: number | null = null;
  if ((event.key === 'Enter' && !event.shiftKey) || (arrows && event.key === 'ArrowDown')) next = row + 1;
  else if ((event.key === 'Enter' && event.shiftKey) || (arrows && event.key === 'ArrowUp')) next = row - 1;
  if (next === null) return;
  const el = document.getElementById(cellId(next, field));
  event.preventDefault();
  if (el) {
    el.focus();
    if (el instanceof HTMLInputElement) el.select();
  }
}

interface RowProps {
  index: number;
  line: DraftLine;
  product: LineProduct;
  errors: Partial<Record<LineField, LineError>>;
  showErrors: boolean;
  currency: string;
  exponent: number;
  readOnly: boolean;
  onChange(index: number, field: LineField, value: string): void;
  onFillDown(index: number, field: LineField): void;
  onRemove(index: number): void;
}

const Row = memo(function Row({
  index,
  line,
  product,
  errors,
  showErrors,
  currency,
  exponent,
  readOnly,
  onChange,
  onFillDown,
  onRemove,
}: RowProps) {
  const { t } = useTranslation();
  const total = lineTotal(line, exponent);
  const quantity = purchaseQuantity(line);
  const fillDown = (field: LineField) => (e: React.KeyboardEvent) => {
    if (e.key.toLowerCase() === 'd' && (e.ctrlKey || e.metaKey) && !readOnly) {
      e.preventDefault();
      onFillDown(index, field);
    }
  };
  const who = product.number ?? product.name;
  const answer = product.answer;
  return (
    <Table.Tr
      bg={answer?.state === 'removed' ? 'gray.1' : undefined}
      style={answer?.state === 'removed' ? { opacity: 0.65 } : undefined}
    >
      <Table.Td ta="right" c="dimmed" data-stack="hide">
        {index + 1}
      </Table.Td>
      <Table.Td data-label={t('ui.sample.picture')}>
        {product.picture ? (
          <Image src={product.picture} alt="" w={36} h={36} fit="contain" radius="sm" />
        ) : null}
      </Table.Td>
      <Table.Td style={{ minWidth: 130, maxWidth: 180 }} data-stack="main">
        <Text size="sm" fw={500}>
          {product.number ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {product.name}
        </Text>
        {answer && answer.state !== 'pending' && (
          <Badge
            size="xs"
            mt={4}
            variant="light"
            color={answer.state === 'confirmed' ? 'green' : answer.state === 'changed' ? 'orange' : 'gray'}
          >
            {t(`ui.quote.answer.${answer.state}`)}
          </Badge>
        )}
      </Table.Td>
      {LINE_FIELDS.map((field) => {
        const error = showErrors ? errors[field] : undefined;
        const message = error ? t(`ui.quote.error.${error}`) : undefined;
        const changedBoxes =
          field === 'boxes' && answer?.state === 'changed' && answer.quotedBoxes != null
            ? t('ui.quote.quoted', { value: answer.quotedBoxes })
            : undefined;
        return (
          <Table.Td key={field} data-label={t(`ui.quote.col.${field}`)}>
            {field === 'unit' ? (
              <NativeSelect
                id={cellId(index, field)}
                size="xs"
                value={line.unit}
                disabled={readOnly}
                aria-label={`${t(`ui.quote.col.${field}`)} — ${who}`}
                error={message}
                onChange={(e) => onChange(index, field, e.currentTarget.value)}
                onKeyDown={fillDown(field)}
                data={PURCHASE_UNITS.map((u) => ({ value: u, label: t(`ui.quote.unit.${u}`) }))}
                data-row={index}
                data-field={field}
                w={WIDTH[field]}
              />
            ) : (
              <TextInput
                id={cellId(index, field)}
                size="xs"
                value={line[field]}
                readOnly={readOnly}
                inputMode={NUMERIC.has(field) ? (field === 'price' ? 'decimal' : 'numeric') : undefined}
                autoComplete="off"
                aria-label={`${t(`ui.quote.col.${field}`)} — ${who}`}
                error={message}
                description={changedBoxes}
                onChange={(e) => onChange(index, field, e.currentTarget.value)}
                onKeyDown={fillDown(field)}
                data-row={index}
                data-field={field}
                w={WIDTH[field]}
                styles={NUMERIC.has(field) ? { input: { textAlign: 'right' } } : undefined}
              />
            )}
          </Table.Td>
        );
      })}
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-label={t('ui.quote.col.quantity')}>
        {quantity === null ? '—' : formatNumber(quantity)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-label={t('ui.quote.col.total')}>
        {total === null ? '—' : formatAmount(total, currency)}
      </Table.Td>
      <Table.Td data-stack="actions">
        {!readOnly && (
          <Tooltip label={t('ui.quote.removeLine')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onRemove(index)}
              aria-label={t('ui.quote.removeLineOf', { name: who })}
            >
              ×
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

interface LinesTableProps {
  lines: readonly DraftLine[];
  products: ReadonlyMap<number, LineProduct>;
  errors: readonly Partial<Record<LineField, LineError>>[];
  showErrors: boolean;
  currency: string;
  exponent: number;
  readOnly: boolean;
  onChange(index: number, field: LineField, value: string): void;
  onFillDown(index: number, field: LineField): void;
  onRemove(index: number): void;
}

/** The quotation's lines as an editable table, one row per product. */
export function LinesTable(props: LinesTableProps) {
  const { t } = useTranslation();
  const { lines, products, errors } = props;
  const onKeyDown = useCallback((e: React.KeyboardEvent<HTMLElement>) => moveFocus(e), []);
  return (
    <Stack gap={0}>
      <StackTable minWidth={1140} verticalSpacing={6} horizontalSpacing={4} striped onKeyDown={onKeyDown}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">#</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('ui.sample.picture')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('ui.quote.col.product')}</Table.Th>
            {LINE_FIELDS.map((f) => (
              <Table.Th key={f} ta={NUMERIC.has(f) ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {t(`ui.quote.col.${f}`)}
              </Table.Th>
            ))}
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {t('ui.quote.col.quantity')}
            </Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              {t('ui.quote.col.total')}
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('ui.common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => (
            <Row
              key={line.id}
              index={i}
              line={line}
              product={products.get(line.id) ?? { picture: null, number: null, name: '' }}
              errors={errors[i] ?? {}}
              showErrors={props.showErrors}
              currency={props.currency}
              exponent={props.exponent}
              readOnly={props.readOnly}
              onChange={props.onChange}
              onFillDown={props.onFillDown}
              onRemove={props.onRemove}
            />
          ))}
        </Table.Tbody>
      </StackTable>
    </Stack>
  );
}
