import { formatHsCode, type ProductDetail } from '@vitrine/contract';
import { cbmToCuft, formatDate, formatMoney, formatNumber, formatVolume } from '../../../lib/format';

/**
 * The labels of a product (specification, section 3) as rows of a definition list: only the
 * labels that have a value, each value with its unit (cm, KGS, cbm, cuft, PCS, ctn).
 */
export const SPEC_LABELS = [
  'articleNumber',
  'companyNumber',
  'factoryNumber',
  'packing',
  'cartonQuantity',
  'innerBoxes',
  'cartonSize',
  'packSize',
  'grossWeight',
  'netWeight',
  'cartonVolume',
  'certification',
  'price',
  'priceValidUntil',
  'stockQuantity',
  'minOrderQuantity',
  'leadTime',
  'hsCode',
  'remark',
  'description',
  'updateDate',
] as const;

export type SpecLabel = (typeof SPEC_LABELS)[number];

export interface SpecRow {
  label: SpecLabel;
  value: string;
  /** Long text (remark, description): shown on its own line, line breaks kept. */
  long?: true;
}

const text = (s: string | null | undefined): string => (s ?? '').trim();
const positive = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0;

/** 60 × 40 × 50 cm; '' when no side is known. */
function size(box: { length: number; width: number; height: number }): string {
  const sides = [box.length, box.width, box.height];
  if (!sides.some(positive)) return '';
  return `${sides.map((n) => formatNumber(n, { maximumFractionDigits: 2 })).join(' × ')} cm`;
}

/** The price with its currency and trade term: 'FOB $12.50'; '' when the website hides prices. */
export function formatPrice(p: Pick<ProductDetail, 'price' | 'money_unit' | 'trade_term'>): string {
  if (p.price === null) return '';
  const money = formatMoney(p.price, p.money_unit);
  return text(p.trade_term) ? `${text(p.trade_term)} ${money}` : money;
}

/**
 * `days` words a lead time in the page's language ("35 days"); the ordering facts (decision
 * 0059) are left out when not given (0 or empty).
 */
export function specRows(p: ProductDetail, days: (n: number) => string = String): SpecRow[] {
  const rows: SpecRow[] = [];
  const add = (label: SpecLabel, value: string, long?: true) => {
    if (value.trim()) rows.push(long ? { label, value, long } : { label, value });
  };
  add('articleNumber', text(p.article_number));
  add('companyNumber', text(p.company_number));
  add('factoryNumber', text(p.factory_number));
  add('packing', text(p.packing));
  add('cartonQuantity', positive(p.carton_quantity) ? `${formatNumber(p.carton_quantity)} PCS/ctn` : '');
  add('innerBoxes', positive(p.inner_boxes) ? formatNumber(p.inner_boxes) : '');
  add('cartonSize', size(p.carton));
  add('packSize', size(p.pack));
  add(
    'grossWeight',
    positive(p.gross_weight) ? `${formatNumber(p.gross_weight, { maximumFractionDigits: 2 })} KGS` : '',
  );
  add(
    'netWeight',
    positive(p.net_weight) ? `${formatNumber(p.net_weight, { maximumFractionDigits: 2 })} KGS` : '',
  );
  add(
    'cartonVolume',
    positive(p.carton.cbm)
      ? `${formatVolume(p.carton.cbm, 'cbm')} / ${formatVolume(positive(p.carton.cuft) ? p.carton.cuft : cbmToCuft(p.carton.cbm), 'cuft')}`
      : '',
  );
  add('certification', text(p.certification));
  add('price', formatPrice(p));
  add(
    'priceValidUntil',
    p.price !== null && positive(p.price_valid_until) ? formatDate(p.price_valid_until) : '',
  );
  add('stockQuantity', positive(p.stock_quantity) ? `${formatNumber(p.stock_quantity)} PCS` : '');
  add('minOrderQuantity', positive(p.min_order_quantity) ? `${formatNumber(p.min_order_quantity)} PCS` : '');
  add('leadTime', positive(p.lead_time_days) ? days(p.lead_time_days) : '');
  add('hsCode', text(p.hs_code) ? formatHsCode(text(p.hs_code)) : '');
  add('remark', text(p.remark), true);
  add('description', text(p.description), true);
  add('updateDate', positive(p.updated_at) ? formatDate(p.updated_at) : '');
  return rows;
}
