import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { languageByKey, minorUnitsOf } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
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
export const PROFORMA_LINK_TTL_MS = 5 * 60 * 1000;

const VERSION = 'p1';
const TOKEN = /^p1\.[A-Za-z0-9_-]{1,1500}\.[A-Za-z0-9_-]{43}$/;

export interface ProformaLinkGrant {
  key: string;
  filename: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface ProformaLinks {
  sign(key: string, filename: string): string;
  /** The grant of a link this server signed and that has not run out; null for anything else. */
  verify(token: string): ProformaLinkGrant | null;
}

/** `p1.<payload>.<HMAC-SHA256>`: the link carries its grant, no table; every instance sharing the secret reads it. */
export function createProformaLinks(
  secret: Buffer,
  clock: Clock,
  ttlMs = PROFORMA_LINK_TTL_MS,
): ProformaLinks {
  if (secret.length < 32) throw new Error('The proforma link secret needs at least 32 bytes');
  const mac = (payload: string) => createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();
  return {
    sign(key, filename) {
      // A nonce, so two links to one document differ (nothing to learn from comparing them).
      const claims = [key, filename, clock.now() + ttlMs, randomBytes(6).toString('base64url')];
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${VERSION}.${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      if (!TOKEN.test(token)) return null;
      const [, payload = '', given = ''] = token.split('.');
      const expected = mac(payload);
      const got = Buffer.from(given, 'base64url');
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(claims) || claims.length !== 4) return null;
      const [key, filename, expiresAt] = claims as unknown[];
      if (typeof key !== 'string' || typeof filename !== 'string' || typeof expiresAt !== 'number')
        return null;
      if (clock.now() >= expiresAt) return null;
      return { key, filename, expiresAt };
    },
  };
}

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

/**
 * GET /api/proforma/<token>: the PDF a signed link names, as an attachment. A link that is
 * forged, altered or out of time is a 404, as is one whose version the order has since replaced
 * (the buyer asks again and gets the new one).
 */
export function registerProformaDownload(
  app: FastifyInstance,
  deps: { storage: Storage; links: ProformaLinks },
) {
  // A wildcard, not a :param: a token is longer than the router's 100-character parameters.
  app.get<{ Params: { '*': string } }>(`${PROFORMA_LINK_PATH}*`, async (request, reply) => {
    const grant = deps.links.verify(request.params['*']);
    const bytes =
      grant && grant.key.startsWith(`${PROFORMA_PREFIX}/`) ? await deps.storage.read(grant.key) : null;
    if (!grant || !bytes)
      return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    return reply
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${grant.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(grant.filename)}`,
      )
      .type('application/pdf')
      .send(bytes);
  });
}
