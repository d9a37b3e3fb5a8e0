import { languageByKey, minorUnitsOf } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import {
  createPdfLinks,
  PDF_LINK_TTL_MS,
  type PdfLinks,
  registerPdfDownload,
} from '../../platform/pdf/links';
import type { Storage } from '../../platform/storage';
import type { ProformaOrder, ProformaPort } from './orders.service';
import type { PictureSource, ProformaInput } from './proforma/proforma.input';
import { PROFORMA_PREFIX, type ProformaService, storedPicture } from './proforma/proforma.service';

/**
 * How the orders service gets a proforma invoice (decision 0041): the order mapped to the
 * renderer's plain input, the PDF drawn (or taken from its cache), and a short-lived signed link
 * to it. The link is made only after the buyer or staff checks, so holding it is the permission;
 * the PDF is never published under /files/.
 */

/** Where the signed links are served. */
export const PROFORMA_LINK_PATH = '/api/proforma/';
/** How long a link may be followed: long enough for a slow download, short enough not to be shared. */
export const PROFORMA_LINK_TTL_MS = PDF_LINK_TTL_MS;

export type ProformaLinks = PdfLinks;
/** The invoices' links: platform/pdf/links.ts's, with a key of the invoices' own. */
export const createProformaLinks = createPdfLinks;

const isoDate = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString().slice(0, 10);

/** A stored file's source, or null for a URL that is not one of this storage's (an outside link). */
function stored(storage: Storage, url: string, variant: boolean): PictureSource | null {
  const key = url ? storage.keyOfUrl(url) : null;
  if (!key) return null;
  return variant ? storedPicture(storage, key) : { id: key, load: () => storage.read(key) };
}

/** The order as the renderer shows it: the lines' own copies, amounts in minor units, the caller's language. */
export function proformaInputOf(storage: Storage, o: ProformaOrder): ProformaInput {
  const { order } = o;
  const language = languageByKey(o.lang)?.key ?? 'en';
  return {
    // One current version per language: a buyer in English and staff in Chinese keep their own.
    ref: `c${o.companyId}-o${order.id}-${language}`,
    language,
    seller: {
      names: o.seller.names,
      address: o.seller.address,
      phone: o.seller.phone,
      email: o.seller.email,
      // The letterhead's logo from the original: it prints larger than a list's 160 px variant.
      logo: stored(storage, o.seller.logo, false),
    },
    buyer: o.buyer,
    piNumber: order.pi_number,
    orderNumber: order.order_number,
    // Issued when the buyer confirmed: the same day on every download, so the cache holds.
    issuedOn: isoDate(order.confirmed_at ?? order.modified_at) as string,
    validUntil: isoDate(order.valid_until),
    estimatedShipping: isoDate(order.estimated_ship_date),
    tradeTerm: order.trade_term,
    currency: { code: order.currency, exponent: minorUnitsOf(order.currency) },
    amounts: { order: order.order_amount, deposit: order.deposit_amount, balance: order.balance_amount },
    bankAccount: order.account_info,
    remarks: order.remark,
    lines: o.lines
      .filter((l) => !l.removed)
      .map((l) => ({
        number: l.number,
        name: l.name,
        details: [l.packaging, l.specifications, l.remark].filter(Boolean).join(' · '),
        quantity: l.purchase_quantity,
        unit: l.purchase_unit,
        boxes: l.boxes,
        unitPrice: l.unit_price,
        lineTotal: l.amount,
        picture: stored(storage, l.picture, true),
      })),
    totals: { products: order.total_products, boxes: order.total_boxes, quantity: order.total_quantity },
  };
}

/** The orders service's ProformaPort: draws or reuses the PDF, answers a signed link to it. */
export function createProformaPort(deps: {
  storage: Storage;
  service: ProformaService;
  links: ProformaLinks;
}): ProformaPort {
  return {
    async document(o) {
      const file = await deps.service.get(proformaInputOf(deps.storage, o));
      return {
        url: `${PROFORMA_LINK_PATH}${deps.links.sign(file.key, file.fileName)}`,
        filename: file.fileName,
        size: file.bytes.length,
      };
    },
  };
}

/** GET /api/proforma/<token>: the PDF a signed link names, under proforma/ only (platform/pdf/links.ts). */
export function registerProformaDownload(
  app: FastifyInstance,
  deps: { storage: Storage; links: ProformaLinks },
) {
  registerPdfDownload(app, { ...deps, path: PROFORMA_LINK_PATH, prefix: PROFORMA_PREFIX });
}
