import { Badge } from '@mantine/core';
import type { OrderLine } from '@vitrine/contract';
import { ProductPicture } from '../../../components/product';
import { formatNumber } from '../../../lib/format';
import { formatMinor } from '../money';
import type { OrdersT } from '../orders-i18n';
import { allSelected } from '../rules';
import classes from './account.module.css';
import { quantityOf } from './parts';

export interface LinesTableProps {
  lines: OrderLine[];
  currency: string;
  t: OrdersT;
  /** A quotation being confirmed: lines can be selected, and their states show. */
  select?: {
    selected: ReadonlySet<number>;
    onToggle(id: number): void;
    onToggleAll(): void;
  };
  /** Caption for screen readers. */
  caption: string;
}

// Native checkboxes in the theme's colour: Mantine's would split a chunk the cart shares with
// these screens out of it, one more file named in every first page (decision 0039).
/**
 * The lines of a quotation or order (spec section 3's order line): picture, number, name,
 * purchase quantity and unit, boxes, inner boxes, packaging, specifications, remarks, price and
 * line total, and on a quotation whether each is confirmed and was viewed. A table on a wide
 * screen; on a phone each row is a card whose cells carry their own labels.
 */
export function LinesTable({ lines, currency, t, select, caption }: LinesTableProps) {
  const ids = lines.map((l) => l.id);
  const all = select ? allSelected(select.selected, ids) : false;
  const some = select ? ids.some((id) => select.selected.has(id)) : false;
  // A column of remarks only when a line has one: an empty column would push the states out of view.
  const remarks = lines.some((l) => l.remark.trim() !== '');
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className={classes.fileInput}>{caption}</caption>
        <thead>
          <tr>
            {select ? (
              <th scope="col">
                <input
                  type="checkbox"
                  className={classes.checkbox}
                  aria-label={t('quote.selectAll')}
                  checked={all}
                  ref={(el) => {
                    if (el) el.indeterminate = some && !all;
                  }}
                  onChange={select.onToggleAll}
                />
              </th>
            ) : null}
            <th scope="col">{t('line.picture')}</th>
            <th scope="col">{t('line.number')}</th>
            <th scope="col">{t('line.name')}</th>
            <th scope="col" className={classes.num}>
              {t('line.quantity')}
            </th>
            <th scope="col" className={classes.num}>
              {t('line.boxes')}
            </th>
            <th scope="col" className={classes.num}>
              {t('line.innerBoxes')}
            </th>
            <th scope="col">{t('line.packaging')}</th>
            <th scope="col">{t('line.specs')}</th>
            {remarks ? <th scope="col">{t('line.remarks')}</th> : null}
            <th scope="col" className={classes.num}>
              {t('line.price')}
            </th>
            <th scope="col" className={classes.num}>
              {t('line.total')}
            </th>
            {select ? <th scope="col">{t('line.state')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const selected = select?.selected.has(line.id) ?? false;
            return (
              <tr key={line.id} data-selected={selected || undefined} data-testid="order-line">
                {select ? (
                  <td className={classes.check}>
                    <input
                      type="checkbox"
                      className={classes.checkbox}
                      aria-label={t('quote.selectLine', { name: line.name })}
                      checked={selected}
                      onChange={() => select.onToggle(line.id)}
                    />
                  </td>
                ) : null}
                <td className={classes.pic}>
                  <span className={classes.thumb}>
                    <ProductPicture src={line.picture} alt="" sizes="56px" defaultWidth={160} />
                  </span>
                </td>
                <td data-label={t('line.number')} className={classes.code}>
                  <bdi>{line.number}</bdi>
                </td>
                <td className={classes.lineName}>
                  <bdi>{line.name}</bdi>
                </td>
                <td className={classes.num} data-label={t('line.quantity')}>
                  <bdi>{quantityOf(line)}</bdi>
                </td>
                <td className={classes.num} data-label={t('line.boxes')} data-testid="line-boxes">
                  {formatNumber(line.boxes)}
                  {line.quoted_boxes !== line.boxes ? (
                    <span className={classes.changed}>{formatNumber(line.quoted_boxes)}</span>
                  ) : null}
                </td>
                <td className={classes.num} data-label={t('line.innerBoxes')}>
                  {formatNumber(line.inner_boxes)}
                </td>
                <td data-label={t('line.packaging')}>
                  <bdi>{line.packaging}</bdi>
                </td>
                <td data-label={t('line.specs')}>
                  <bdi>{line.specifications}</bdi>
                </td>
                {remarks ? (
                  <td data-label={t('line.remarks')}>
                    <bdi>{line.remark}</bdi>
                  </td>
                ) : null}
                <td className={classes.num} data-label={t('line.price')}>
                  {formatMinor(line.unit_price, currency)}
                </td>
                <td className={classes.num} data-label={t('line.total')}>
                  <strong>{formatMinor(line.amount, currency)}</strong>
                </td>
                {select ? (
                  <td>
                    <span className={classes.states}>
                      <Badge
                        size="sm"
                        radius="sm"
                        tt="none"
                        variant={line.line_status === 'confirmed' ? 'filled' : 'outline'}
                        color={line.line_status === 'confirmed' ? 'teal' : 'orange'}
                        data-testid="line-status"
                      >
                        {t(line.line_status === 'confirmed' ? 'line.confirmed' : 'line.toConfirm')}
                      </Badge>
                      <Badge
                        size="sm"
                        radius="sm"
                        tt="none"
                        variant="light"
                        color={line.viewed ? 'gray' : 'blue'}
                      >
                        {t(line.viewed ? 'line.viewed' : 'line.unviewed')}
                      </Badge>
                    </span>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
