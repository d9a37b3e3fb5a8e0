import type { LangKey } from '@vitrine/contract';
import type { PictureSource } from '../../../platform/pdf/cache';

export type { PictureSource };

/**
 * What a proforma invoice shows, as plain data: the orders service maps an order to it, so the
 * renderer knows nothing of tables. Amounts are integers in the currency's minor unit (cents for
 * USD, yen for JPY), never floats; texts are already in the buyer's language where the order
 * has them (product names are the quoted copies the lines keep).
 */
export interface ProformaInput {
  /**
   * Names this order's documents in storage, stable across versions (e.g. `${companyId}-${orderId}`):
   * letters, digits, '-' and '_'. A new version of the order replaces the old file under it.
   */
  ref: string;
  /** The buyer's language: labels, number formats. */
  language: LangKey;
  seller: {
    /** The company's names, first the main one (e.g. the Chinese name, then the English one). */
    names: string[];
    /** Address lines. */
    address: string[];
    phone: string;
    email: string;
    /** The letterhead's logo (PNG, JPEG or WebP): bytes, or where to load them. */
    logo: PictureSource | Uint8Array | null;
  };
  buyer: {
    company: string;
    contact: string;
    phone: string;
    email: string;
  };
  /** The sequential PI number of the company. */
  piNumber: string;
  /** The order number the PI belongs to. */
  orderNumber: string;
  /** Dates as YYYY-MM-DD. */
  issuedOn: string;
  validUntil: string | null;
  estimatedShipping: string | null;
  /** EXW, FOB, CFR, CIF; '' for none. */
  tradeTerm: string;
  currency: {
    /** ISO 4217 code (one of the 26 order currencies). */
    code: string;
    /** Digits of the minor unit: 2 for USD, 0 for JPY. */
    exponent: number;
  };
  /** Minor units. */
  amounts: { order: number; deposit: number; balance: number };
  /** The exporter's bank account, as the quotation gives it (several lines). */
  bankAccount: string;
  remarks: string;
  lines: ProformaLine[];
  totals: {
    /** How many products (lines). */
    products: number;
    boxes: number;
    /** Total purchase quantity. */
    quantity: number;
  };
}

export interface ProformaLine {
  /** The product number shown (toy, article or company number). */
  number: string;
  name: string;
  /** Packaging, specifications: a short second line under the name. */
  details: string;
  quantity: number;
  /** PCS, SET, … */
  unit: string;
  boxes: number;
  /** Minor units. */
  unitPrice: number;
  /** Minor units. */
  lineTotal: number;
  picture: PictureSource | null;
}

/**
 * The input as it travels to the renderer's thread: pictures loaded (bytes, or null when missing),
 * each distinct picture once, lines pointing at it by index.
 */
export interface ProformaDocument extends Omit<ProformaInput, 'seller' | 'lines'> {
  seller: Omit<ProformaInput['seller'], 'logo'> & { logo: Uint8Array | null };
  lines: (Omit<ProformaLine, 'picture'> & { picture: number | null })[];
  pictures: (Uint8Array | null)[];
  /** Epoch ms: the PDF's creation date. */
  createdAt: number;
}

const REF = /^[A-Za-z0-9_-]{1,100}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Refuses input the document cannot show truthfully (a float amount, a bad date), naming the field. */
export function assertProformaInput(input: ProformaInput): void {
  const fail = (what: string) => {
    throw new TypeError(`Proforma input: ${what}`);
  };
  if (!REF.test(input.ref)) fail('ref must be letters, digits, - or _');
  const { exponent } = input.currency;
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > 4) fail('currency exponent must be 0..4');
  if (!/^[A-Z]{3}$/.test(input.currency.code)) fail('currency code must be three capital letters');
  for (const [name, value] of Object.entries(input.amounts))
    if (!Number.isSafeInteger(value)) fail(`amounts.${name} must be an integer of minor units`);
  for (const [name, value] of Object.entries(input.totals))
    if (!Number.isSafeInteger(value) || value < 0) fail(`totals.${name} must be a whole number`);
  for (const d of [input.issuedOn, input.validUntil, input.estimatedShipping])
    if (d !== null && !DATE.test(d)) fail(`dates must be YYYY-MM-DD (got ${d})`);
  input.lines.forEach((l, i) => {
    if (!Number.isSafeInteger(l.unitPrice) || !Number.isSafeInteger(l.lineTotal))
      fail(`lines[${i}] prices must be integers of minor units`);
    if (!Number.isFinite(l.quantity) || !Number.isSafeInteger(l.boxes))
      fail(`lines[${i}] quantity and boxes must be numbers`);
  });
}
