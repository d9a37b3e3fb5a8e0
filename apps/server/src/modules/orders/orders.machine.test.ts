import {
  nextStatus,
  ORDER_ACTORS,
  ORDER_EVENTS,
  ORDER_STATUSES,
  type OrderActor,
  type OrderEvent,
  type OrderStatus,
} from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { allowedEvents, decide, type OrderFacts } from './orders.machine';

/**
 * The machine written out once more, by hand, as decision 0029 states it: every allowed
 * (status, event, actor) and where it leads. Anything not listed must be refused.
 */
const S = 'staff';
const B = 'buyer';
const LIVE = ['pending_payment', 'paid', 'pending_final_payment', 'pending_shipment'] as const;
const EXPECTED: [OrderStatus, OrderEvent, OrderActor, OrderStatus][] = [
  ['draft', 'edit_quotation', S, 'draft'],
  ['draft', 'send', S, 'quoted'],
  ['quoted', 'withdraw', S, 'draft'],
  ['quoted', 'edit_lines', B, 'quoted'],
  ['quoted', 'confirm', B, 'pending_payment'],
  ['pending_payment', 'submit_deposit_voucher', B, 'pending_payment'],
  ['pending_payment', 'reject_deposit_voucher', S, 'pending_payment'],
  ['pending_payment', 'confirm_deposit', S, 'paid'],
  ['paid', 'request_balance', S, 'pending_final_payment'],
  ['paid', 'ready_to_ship', S, 'pending_shipment'],
  ['pending_final_payment', 'submit_balance_voucher', B, 'pending_final_payment'],
  ['pending_final_payment', 'reject_balance_voucher', S, 'pending_final_payment'],
  ['pending_final_payment', 'confirm_balance', S, 'pending_shipment'],
  ['pending_shipment', 'ship', S, 'shipped'],
  ['shipped', 'close', S, 'closed'],
  ...(['draft', 'quoted', ...LIVE] as const).map((s): [OrderStatus, OrderEvent, OrderActor, OrderStatus] => [
    s,
    'set_ship_date',
    S,
    s,
  ]),
  ...(['draft', 'quoted', ...LIVE, 'shipped'] as const).flatMap((s) =>
    ([S, B] as const).map((a): [OrderStatus, OrderEvent, OrderActor, OrderStatus] => [s, 'attach', a, s]),
  ),
  ['quoted', 'cancel', B, 'cancelled'],
  ['pending_payment', 'cancel', B, 'cancelled'],
  ...(['draft', 'quoted', ...LIVE] as const).map((s): [OrderStatus, OrderEvent, OrderActor, OrderStatus] => [
    s,
    'cancel',
    S,
    'cancelled',
  ]),
];

describe('the order state machine', () => {
  const combos = ORDER_STATUSES.flatMap((status) =>
    ORDER_EVENTS.flatMap((event) => ORDER_ACTORS.map((actor) => ({ status, event, actor }))),
  );

  it(`allows exactly the ${EXPECTED.length} transitions of the decision and refuses the other ${combos.length - EXPECTED.length}`, () => {
    const allowed = new Map(EXPECTED.map(([s, e, a, to]) => [`${s} ${e} ${a}`, to]));
    expect(allowed.size).toBe(EXPECTED.length);
    for (const { status, event, actor } of combos)
      expect({ status, event, actor, to: nextStatus(status, event, actor) }).toEqual({
        status,
        event,
        actor,
        to: allowed.get(`${status} ${event} ${actor}`) ?? null,
      });
  });

  it('leaves a closed or cancelled order with nothing anyone can do', () => {
    for (const status of ['closed', 'cancelled'] as const)
      for (const actor of ORDER_ACTORS)
        for (const event of ORDER_EVENTS) expect(nextStatus(status, event, actor)).toBeNull();
  });

  const facts = (over: Partial<OrderFacts>): OrderFacts => ({
    status: 'quoted',
    lines: 2,
    deposit: 3000,
    balance: 7000,
    pendingVoucher: { deposit: false, balance: false },
    accountInfo: 'Bank of Ningbo 6228',
    validUntil: null,
    now: 1000,
    ...over,
  });

  it('applies the guards the table cannot express', () => {
    expect(decide('send', 'staff', facts({ status: 'draft', accountInfo: ' ' }))).toEqual({
      ok: false,
      reason: 'accountInfoRequired',
    });
    expect(decide('send', 'staff', facts({ status: 'draft', lines: 0 }))).toEqual({
      ok: false,
      reason: 'noLines',
    });
    expect(decide('confirm', 'buyer', facts({ validUntil: 999 }))).toEqual({ ok: false, reason: 'expired' });
    expect(decide('confirm', 'buyer', facts({ validUntil: 1000 }))).toEqual({
      ok: true,
      to: 'pending_payment',
    });
    const due = facts({ status: 'pending_payment' });
    expect(decide('confirm_deposit', 'staff', due)).toEqual({ ok: false, reason: 'depositDue' });
    expect(decide('confirm_deposit', 'staff', { ...due, deposit: 0 })).toEqual({ ok: true, to: 'paid' });
    expect(decide('reject_deposit_voucher', 'staff', due)).toEqual({ ok: false, reason: 'noVoucher' });
    const waiting = { ...due, pendingVoucher: { deposit: true, balance: false } };
    expect(decide('submit_deposit_voucher', 'buyer', waiting)).toEqual({
      ok: false,
      reason: 'voucherPending',
    });
    expect(decide('confirm_deposit', 'staff', waiting)).toEqual({ ok: true, to: 'paid' });
    expect(decide('request_balance', 'staff', facts({ status: 'paid', balance: 0 }))).toEqual({
      ok: false,
      reason: 'nothingToPay',
    });
    expect(decide('ready_to_ship', 'staff', facts({ status: 'paid' }))).toEqual({
      ok: false,
      reason: 'balanceLeft',
    });
    expect(decide('ready_to_ship', 'staff', facts({ status: 'paid', balance: 0 }))).toEqual({
      ok: true,
      to: 'pending_shipment',
    });
  });

  it("offers each side only what it may do now, as a detail's actions", () => {
    expect(allowedEvents('buyer', facts({})).sort()).toEqual(['attach', 'cancel', 'confirm', 'edit_lines']);
    expect(allowedEvents('buyer', facts({ status: 'paid' }))).toEqual(['attach']);
    expect(allowedEvents('staff', facts({ status: 'paid' })).sort()).toEqual(
      ['attach', 'cancel', 'request_balance', 'set_ship_date'].sort(),
    );
  });
});
