import type { ORDER_LIMITS } from '@vitrine/contract';

/*
 * The order screens' rules that need no React: what a payment voucher must be before it is
 * sent, and the selection the batch actions of /quoteAckForm work on.
 */

/**
 * The largest voucher (spec section 9: 10 MB). The contract's ORDER_LIMITS says the same, but
 * lives beside its zod schemas, which importing a value from it would bring into the browser
 * (rules.test checks the two agree).
 */
export const VOUCHER_MAX_BYTES = 10 * 1024 * 1024;

/** Why a voucher file is refused before anything is sent (spec section 5: required, png or jpg, 10 MB). */
export type VoucherRefusal = 'required' | 'type' | 'size';

export type VoucherCheck =
  { ok: true; type: (typeof ORDER_LIMITS.VOUCHER_TYPES)[number] } | { ok: false; reason: VoucherRefusal };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The bytes of a Blob (FileReader: jsdom's Blob has no arrayBuffer()). */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Checks a voucher as the server will (it also decodes the whole picture): present, at most
 * 10 MB, and a PNG or JPEG by its first bytes, whatever its name says (a PNG named .jpg is a PNG;
 * a GIF or a PDF named .png is refused). The type found is what the upload credential names.
 */
export async function checkVoucher(file: Blob | null | undefined): Promise<VoucherCheck> {
  if (!file || file.size === 0) return { ok: false, reason: 'required' };
  if (file.size > VOUCHER_MAX_BYTES) return { ok: false, reason: 'size' };
  const head = await readBytes(file.slice(0, PNG.length));
  if (startsWith(head, PNG)) return { ok: true, type: 'image/png' };
  if (startsWith(head, JPEG)) return { ok: true, type: 'image/jpeg' };
  return { ok: false, reason: 'type' };
}

/** A key for a submission the server takes once however often it is retried. */
export const newIdempotencyKey = (): string => crypto.randomUUID().replace(/-/g, '');

/** The lines of a selection that still exist (after a delete or a refetch). */
export function keepExisting(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  return new Set(ids.filter((id) => selected.has(id)));
}

/** Adds or removes one line. */
export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Every line when not all are selected, none when all are ("select all" as a toggle). */
export function toggleAll(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  return allSelected(selected, ids) ? new Set() : new Set(ids);
}

export const allSelected = (selected: ReadonlySet<number>, ids: readonly number[]): boolean =>
  ids.length > 0 && ids.every((id) => selected.has(id));

/** A number of boxes typed by the buyer: a whole number from 1 up, else null. */
export function parseBoxes(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,5}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? n : null;
}
