import { ORDER_LIMITS, ORDER_LIST_FILTERS, ORDER_STATUSES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { ORDER_FILTERS, STATUSES } from './components/parts';
import {
  allSelected,
  checkVoucher,
  keepExisting,
  parseBoxes,
  toggleAll,
  toggleOne,
  VOUCHER_MAX_BYTES,
} from './rules';

describe("the order screens' own copies of the contract's constants", () => {
  it('agree with the contract', () => {
    expect(VOUCHER_MAX_BYTES).toBe(ORDER_LIMITS.VOUCHER_MAX_BYTES);
    expect([...ORDER_FILTERS]).toEqual([...ORDER_LIST_FILTERS]);
    expect([...STATUSES].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));
const file = (bytes: number[], name: string, type = '') => new File([new Uint8Array(bytes)], name, { type });

describe('a payment voucher', () => {
  it('is required', async () => {
    expect(await checkVoucher(null)).toEqual({ ok: false, reason: 'required' });
    expect(await checkVoucher(file([], 'empty.png'))).toEqual({ ok: false, reason: 'required' });
  });

  it('is taken as PNG or JPEG by its first bytes, whatever its name', async () => {
    expect(await checkVoucher(file(PNG, 'receipt.jpg', 'image/jpeg'))).toEqual({
      ok: true,
      type: 'image/png',
    });
    expect(await checkVoucher(file(JPEG, 'receipt.jpeg'))).toEqual({ ok: true, type: 'image/jpeg' });
  });

  it('is refused when it is a GIF or not a picture, even named .png', async () => {
    expect(await checkVoucher(file(GIF, 'receipt.png', 'image/png'))).toEqual({ ok: false, reason: 'type' });
    expect(await checkVoucher(file([0x25, 0x50, 0x44, 0x46], 'receipt.png'))).toEqual({
      ok: false,
      reason: 'type',
    });
  });

  it('is refused above 10 MB, before it is read', async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    expect(await checkVoucher(big)).toEqual({ ok: false, reason: 'size' });
    const limit = new File([new Uint8Array(PNG), new Uint8Array(10 * 1024 * 1024 - PNG.length)], 'a.png');
    expect(await checkVoucher(limit)).toEqual({ ok: true, type: 'image/png' });
  });
});

describe('the selection of quotation lines', () => {
  it('toggles one line', () => {
    expect([...toggleOne(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 1)]).toEqual([2]);
  });

  it('selects all, or none when all were selected', () => {
    expect([...toggleAll(new Set([1]), [1, 2, 3])]).toEqual([1, 2, 3]);
    expect([...toggleAll(new Set([1, 2, 3]), [1, 2, 3])]).toEqual([]);
    expect(allSelected(new Set(), [])).toBe(false);
  });

  it('forgets lines that are gone', () => {
    expect([...keepExisting(new Set([1, 2, 3]), [2, 3, 4])]).toEqual([2, 3]);
  });
});

describe('a number of boxes', () => {
  it('is a whole number from 1', () => {
    expect(parseBoxes(' 12 ')).toBe(12);
    expect(parseBoxes('0')).toBeNull();
    expect(parseBoxes('1.5')).toBeNull();
    expect(parseBoxes('-3')).toBeNull();
    expect(parseBoxes('')).toBeNull();
  });
});
