import { quotationHeaderInput, quotationLineInput } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import {
  type DraftLine,
  QUOTE_LIMITS,
  draftTotals,
  lineErrors,
  purchaseQuantity,
  toUpdateRequest,
} from './draft';

const line = (over: Partial<DraftLine> = {}): DraftLine => ({
  id: 1,
  unit: 'PCS',
  boxes: '2',
  pieces_per_box: '24',
  inner_boxes: '4',
  packaging: 'window box',
  specifications: '',
  remark: '',
  price: '1.25',
  ...over,
});

describe("a quotation's working copy", () => {
  it('counts pieces and sets as cartons × pieces per carton, and cartons as cartons', () => {
    expect(purchaseQuantity(line())).toBe(48);
    expect(purchaseQuantity(line({ unit: 'SET' }))).toBe(48);
    expect(purchaseQuantity(line({ unit: 'CTN' }))).toBe(2);
    expect(purchaseQuantity(line({ boxes: 'x' }))).toBeNull();
  });

  it('totals in minor units: 48 × 1.25 USD is 6000 cents, 48 × 125 JPY is 6000 yen', () => {
    expect(draftTotals([line(), line({ id: 2, unit: 'CTN' })], 2)).toEqual({
      lines: 2,
      boxes: 4,
      quantity: 50,
      amount: 6000 + 250,
      unreadable: 0,
    });
    expect(draftTotals([line({ price: '125' })], 0).amount).toBe(6000);
    expect(draftTotals([line({ price: '1.25' })], 0)).toMatchObject({ amount: 0, unreadable: 1 });
  });

  it('keeps to the bounds the contract sets, so what the browser passes the server takes', () => {
    const edge = line({
      boxes: String(QUOTE_LIMITS.maxBoxes),
      pieces_per_box: String(QUOTE_LIMITS.maxPiecesPerBox),
      packaging: 'p'.repeat(QUOTE_LIMITS.maxPackaging),
      specifications: 's'.repeat(QUOTE_LIMITS.maxSpecifications),
      remark: 'r'.repeat(QUOTE_LIMITS.maxRemark),
      price: '10000000000.00',
    });
    expect(lineErrors(edge, 2, QUOTE_LIMITS)).toEqual({});
    const header = {
      currency: 'USD',
      trade_term: 'FOB',
      deposit_percent: '100',
      valid_until: '',
      estimated_ship_date: '',
      account_info: 'a'.repeat(QUOTE_LIMITS.maxAccountInfo),
      remark: '',
    };
    const body = toUpdateRequest(9, { header, lines: [edge] }, [1, 2]);
    expect(quotationLineInput.safeParse(body.lines?.[0]).success).toBe(true);
    expect(quotationHeaderInput.partial().safeParse(body).success).toBe(true);
    expect(body.remove_line_ids).toEqual([2]);

    const over = line({
      boxes: String(QUOTE_LIMITS.maxBoxes + 1),
      packaging: 'p'.repeat(QUOTE_LIMITS.maxPackaging + 1),
    });
    expect(lineErrors(over, 2, QUOTE_LIMITS)).toEqual({ boxes: 'tooLarge', packaging: 'tooLong' });
    expect(
      quotationLineInput.safeParse({ ...body.lines?.[0], boxes: QUOTE_LIMITS.maxBoxes + 1 }).success,
    ).toBe(false);
    expect(quotationLineInput.safeParse({ ...body.lines?.[0], boxes: 0 }).success).toBe(false);
    expect(lineErrors(line({ boxes: '0' }), 2, QUOTE_LIMITS)).toEqual({ boxes: 'atLeastOne' });
  });
});
