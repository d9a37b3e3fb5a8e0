import type { LangKey } from '@vitrine/contract';
import type { PictureSource } from '../../platform/pdf/cache';

/**
 * What a linesheet shows, as plain data: the service maps a selection of the showroom's products
 * (as the catalogue shapes them for the website: number per number_type, name in the language
 * with its fallback, price only when shown) to it, so the renderer knows nothing of tables.
 */
export interface LinesheetInput {
  /** The language of the labels and names: one the embedded fonts print (see documentLocale). */
  language: LangKey;
  company: {
    /** The exporter's names, the main one first. */
    names: string[];
    logo: PictureSource | null;
  };
  /** What was chosen: the kind (its label) and its own name (a category, a keyword, a record number). */
  selection: { kind: 'cart' | 'record' | 'category' | 'search' | 'products'; name: string };
  /** YYYY-MM-DD. */
  date: string;
  /** Null when the website hides prices: no price column at all. */
  prices: { currency: string; exponent: number; tradeTerm: string } | null;
  items: LinesheetItem[];
}

export interface LinesheetItem {
  /** Null when the website hides numbers (number_type 2). */
  number: string | null;
  name: string;
  packing: string;
  cartonQuantity: number;
  innerBoxes: number;
  /** cm. */
  carton: { length: number; width: number; height: number };
  cbm: number;
  cuft: number;
  /** kg per carton. */
  grossWeight: number;
  netWeight: number;
  /** Minor units of prices.currency; null when prices are hidden or the product has none. */
  price: number | null;
  picture: PictureSource | null;
}

/** The input as it travels to the renderer's thread: pictures loaded, each once, items pointing at them. */
export interface LinesheetDocument extends Omit<LinesheetInput, 'company' | 'items'> {
  company: { names: string[]; logo: Uint8Array | null };
  items: (Omit<LinesheetItem, 'picture'> & { picture: number | null })[];
  pictures: (Uint8Array | null)[];
  /** Epoch ms: the PDF's creation date. */
  createdAt: number;
}
