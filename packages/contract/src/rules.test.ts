import { describe, expect, it } from 'vitest';
import { cartonVolume, checkSampleForm, displayedNumber, isExpired } from './rules';
import {
  breakReached,
  cartonsForQuantity,
  formatHsCode,
  lineTotals,
  normalizeHsCode,
  selectionTotals,
  type TotallableProduct,
  unitPriceAt,
} from './totals';

const live = { removed_time: null, stop_time: null, is_set_hide: 0, is_website_hide: 0 };

describe('product expiry by toy_type', () => {
  it('keeps a product with no signal live for every type', () => {
    for (const type of [1, 2, 3]) expect(isExpired(live, type)).toBe(false);
  });

  it('expires type 1 on removed_time or stop_time, not on hide flags', () => {
    expect(isExpired({ ...live, removed_time: 5 }, 1)).toBe(true);
    expect(isExpired({ ...live, stop_time: 5 }, 1)).toBe(true);
    expect(isExpired({ ...live, is_set_hide: 1, is_website_hide: 1 }, 1)).toBe(false);
  });

  it('expires type 2 on is_set_hide or removed_time, not on stop_time', () => {
    expect(isExpired({ ...live, is_set_hide: 1 }, 2)).toBe(true);
    expect(isExpired({ ...live, removed_time: 5 }, 2)).toBe(true);
    expect(isExpired({ ...live, stop_time: 5 }, 2)).toBe(false);
  });

  it('expires type 3 on a removed_time that is not the zero date, or is_website_hide', () => {
    expect(isExpired({ ...live, removed_time: 0 }, 3)).toBe(false);
    expect(isExpired({ ...live, removed_time: 5 }, 3)).toBe(true);
    expect(isExpired({ ...live, is_website_hide: 1 }, 3)).toBe(true);
    expect(isExpired({ ...live, is_set_hide: 1 }, 3)).toBe(false);
  });
});

describe('carton volume', () => {
  it('is length × width × height in cubic metres and cubic feet', () => {
    expect(cartonVolume(78, 45, 62)).toEqual({ cbm: 0.2176, cuft: 7.69 });
  });
});

describe('the displayed product number', () => {
  const p = { id: 42, toy_number: 'ST-1001', article_number: 'A1234' };
  it('follows number_type', () => {
    expect(displayedNumber(p, 1)).toBe('ST-1001');
    expect(displayedNumber(p, 2)).toBeNull();
    expect(displayedNumber(p, 3)).toBe('A1234');
    expect(displayedNumber(p, 0)).toBe('42');
    expect(displayedNumber(p, 9)).toBe('42');
  });
  it('falls back to the id when the chosen number is empty', () => {
    expect(displayedNumber({ ...p, article_number: '' }, 3)).toBe('42');
  });
});

describe('cart totals', () => {
  const product = (over: Partial<TotallableProduct> = {}): TotallableProduct => ({
    price: 2.5,
    money_unit: 'USD',
    trade_term: 'FOB',
    carton_quantity: 24,
    gross_weight: 12.5,
    carton: { cbm: 0.125, cuft: 4.41 },
    ...over,
  });
  const site = { show_price: 1, money_unit: 'USD', trade_term: 'FOB' };

  it('prices a line per piece: unit price × pieces per carton × cartons; weight and volume per carton', () => {
    expect(lineTotals(product(), 3)).toEqual({
      pieces: 72,
      unit_price: 2.5,
      total_price: 180,
      total_weight: 37.5,
      total_cbm: 0.375,
      total_cuft: 13.23,
      below_moq: false,
    });
  });

  // 24 pieces a carton; breaks from 48 and 120 pieces.
  const tiered = product({
    price_breaks: [
      { from: 48, price: 2.25 },
      { from: 120, price: 2 },
    ],
  });

  it('keeps the unit price below the first break and takes a break from exactly its quantity on', () => {
    expect(lineTotals(tiered, 1)).toMatchObject({ pieces: 24, unit_price: 2.5, total_price: 60 });
    expect(lineTotals(tiered, 2)).toMatchObject({ pieces: 48, unit_price: 2.25, total_price: 108 });
    expect(lineTotals(tiered, 4)).toMatchObject({ pieces: 96, unit_price: 2.25, total_price: 216 });
    expect(lineTotals(tiered, 5)).toMatchObject({ pieces: 120, unit_price: 2, total_price: 240 });
  });

  it('picks the highest break reached even from an unordered list, and keeps a hidden price hidden', () => {
    expect(
      unitPriceAt(
        2.5,
        [
          { from: 120, price: 2 },
          { from: 48, price: 2.25 },
        ],
        130,
      ),
    ).toBe(2);
    expect(
      unitPriceAt(
        2.5,
        [
          { from: 120, price: 2 },
          { from: 48, price: 2.25 },
        ],
        60,
      ),
    ).toBe(2.25);
    expect(unitPriceAt(null, [{ from: 2, price: 1 }], 100)).toBeNull();
    expect(unitPriceAt(2.5, undefined, 1000)).toBe(2.5);
  });

  it('names the break a quantity reaches, the one its unit price comes from', () => {
    expect(breakReached(tiered.price_breaks, 47)).toBeUndefined();
    expect(breakReached(tiered.price_breaks, 48)).toEqual({ from: 48, price: 2.25 });
    expect(breakReached([...(tiered.price_breaks ?? [])].reverse(), 130)).toEqual({ from: 120, price: 2 });
    expect(breakReached(undefined, 1000)).toBeUndefined();
  });

  it('applies the breaks to the grand total, line by line', () => {
    const t = selectionTotals(
      [
        { product: tiered, ctn: 1 },
        { product: tiered, ctn: 5 },
      ],
      site,
    );
    expect(t.price).toBe(60 + 240);
  });

  it('says which lines do not reach their minimum order quantity, and counts them', () => {
    const moq = product({ min_order_quantity: 48 });
    expect(lineTotals(moq, 1).below_moq).toBe(true);
    expect(lineTotals(moq, 2).below_moq).toBe(false);
    expect(lineTotals(product({ min_order_quantity: 0 }), 1).below_moq).toBe(false);
    expect(
      selectionTotals(
        [
          { product: moq, ctn: 1 },
          { product: moq, ctn: 2 },
        ],
        site,
      ).below_moq,
    ).toBe(1);
    expect(cartonsForQuantity(moq, 48)).toBe(2);
    expect(cartonsForQuantity(moq, 49)).toBe(3);
  });

  it('counts a product without a carton quantity as one piece per carton, and keeps a hidden price hidden', () => {
    expect(lineTotals(product({ carton_quantity: 0, price: null }), 2)).toMatchObject({
      pieces: 2,
      total_price: null,
    });
  });

  it('adds the lines up and says how full 20, 40 and 40 HQ containers would be', () => {
    const t = selectionTotals(
      [
        { product: product(), ctn: 100 },
        { product: product({ carton: { cbm: 0.5, cuft: 17.66 } }), ctn: 50 },
      ],
      site,
    );
    expect(t).toMatchObject({ lines: 2, ctn: 150, pieces: 3600, price: 9000, weight: 1875, cbm: 37.5 });
    expect(t.containers).toEqual([
      { type: '20GP', capacity_cbm: 33, fill: 1.1364, containers: 2 },
      { type: '40GP', capacity_cbm: 67, fill: 0.5597, containers: 1 },
      { type: '40HQ', capacity_cbm: 76, fill: 0.4934, containers: 1 },
    ]);
  });

  it('gives no price total where prices are hidden, and no containers for nothing', () => {
    const t = selectionTotals([], { ...site, show_price: 0 });
    expect(t.price).toBeNull();
    expect(t.containers.map((c) => c.containers)).toEqual([0, 0, 0]);
  });
});

describe('HS codes', () => {
  it('keeps the digits of a 6, 8 or 10 digit code typed with dots or spaces, and refuses others', () => {
    expect(normalizeHsCode('9503.00')).toBe('950300');
    expect(normalizeHsCode('9503 00 90')).toBe('95030090');
    expect(normalizeHsCode('9503009000')).toBe('9503009000');
    expect(normalizeHsCode('9503')).toBeNull();
    expect(normalizeHsCode('9503.0')).toBeNull();
    expect(normalizeHsCode('95A300')).toBeNull();
  });

  it('writes them as customs papers do', () => {
    expect(formatHsCode('950300')).toBe('9503.00');
    expect(formatHsCode('95030090')).toBe('9503.00.90');
    expect(formatHsCode('9503009000')).toBe('9503.00.90.00');
  });
});

describe('the sample submission form', () => {
  const ok = { company_name: 'Gulf Toys', contact: 'Amira', email: 'amira@gulftoys.ae', phone: '' };

  it('accepts a complete form', () => {
    expect(checkSampleForm(ok)).toEqual([]);
  });

  it('names every missing or wrong field, in the order the form shows them', () => {
    expect(
      checkSampleForm({ company_name: ' ', contact: '', email: '', phone: '' }).map((p) => p.problem),
    ).toEqual(['companyNameRequired', 'contactRequired', 'emailRequired', 'contactWayRequired']);
  });

  it.each(['amira', 'amira@', 'amira@gulftoys', 'a b@c.de', 'amira@@x.ae'])(
    'refuses the email %s',
    (email) => {
      expect(checkSampleForm({ ...ok, email })).toEqual([{ field: 'email', problem: 'emailInvalid' }]);
    },
  );
});
