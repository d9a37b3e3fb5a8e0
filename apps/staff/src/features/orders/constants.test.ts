import * as contract from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import * as copy from './constants';

describe("the console's copy of the orders contract's lists and limits", () => {
  it('matches the contract', () => {
    expect(copy.ORDER_STATUSES).toEqual(contract.ORDER_STATUSES);
    expect(copy.ORDER_TRADE_TERMS).toEqual(contract.ORDER_TRADE_TERMS);
    expect(copy.PURCHASE_UNITS).toEqual(contract.PURCHASE_UNITS);
    expect(copy.STAFF_ORDER_VIEWS).toEqual(contract.STAFF_ORDER_VIEWS);
    for (const [key, value] of Object.entries(copy.ORDER_LIMITS))
      expect({ key, value }).toEqual({
        key,
        value: contract.ORDER_LIMITS[key as keyof typeof contract.ORDER_LIMITS],
      });
  });
});
