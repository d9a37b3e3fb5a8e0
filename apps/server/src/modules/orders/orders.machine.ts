import {
  nextStatus,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderEvent,
  type OrderStatus,
  type PaymentPart,
} from '@vitrine/contract';

/**
 * The state machine's guards (decision 0029): what, beyond the status, an event needs. The
 * table itself is the contract's ORDER_TRANSITIONS; both are pure, so the server and its tests
 * read the same rules.
 */
export interface OrderFacts {
  status: OrderStatus;
  /** Lines the buyer kept. */
  lines: number;
  deposit: number;
  balance: number;
  /** Vouchers waiting for a review, by part. */
  pendingVoucher: Record<PaymentPart, boolean>;
  accountInfo: string;
  validUntil: number | null;
  now: number;
}

/** Why an event is refused although its status allows it; null when it may go. */
export type GuardRefusal =
  | 'noLines'
  | 'expired'
  | 'accountInfoRequired'
  | 'voucherPending'
  | 'noVoucher'
  | 'depositDue'
  | 'balanceLeft'
  | 'nothingToPay';

export function guard(event: OrderEvent, f: OrderFacts): GuardRefusal | null {
  switch (event) {
    case 'send':
      if (f.lines === 0) return 'noLines';
      return f.accountInfo.trim() ? null : 'accountInfoRequired';
    case 'confirm':
      if (f.lines === 0) return 'noLines';
      return f.validUntil !== null && f.validUntil < f.now ? 'expired' : null;
    case 'submit_deposit_voucher':
      if (f.deposit === 0) return 'nothingToPay';
      return f.pendingVoucher.deposit ? 'voucherPending' : null;
    case 'submit_balance_voucher':
      return f.pendingVoucher.balance ? 'voucherPending' : null;
    case 'reject_deposit_voucher':
      return f.pendingVoucher.deposit ? null : 'noVoucher';
    case 'reject_balance_voucher':
    case 'confirm_balance':
      return f.pendingVoucher.balance ? null : 'noVoucher';
    // A deposit is confirmed from its voucher; only an order without one is confirmed bare.
    case 'confirm_deposit':
      return f.pendingVoucher.deposit || f.deposit === 0 ? null : 'depositDue';
    case 'request_balance':
      return f.balance > 0 ? null : 'nothingToPay';
    case 'ready_to_ship':
      return f.balance === 0 ? null : 'balanceLeft';
    default:
      return null;
  }
}

export type Decision =
  { ok: true; to: OrderStatus } | { ok: false; reason: 'notAllowed' } | { ok: false; reason: GuardRefusal };

/** Whether an actor may start an event on an order now, and the status it leads to. */
export function decide(event: OrderEvent, actor: OrderActor, f: OrderFacts): Decision {
  const to = nextStatus(f.status, event, actor);
  if (!to) return { ok: false, reason: 'notAllowed' };
  const refused = guard(event, f);
  return refused ? { ok: false, reason: refused } : { ok: true, to };
}

/** The events an actor may start now, table and guards applied (the `actions` of a detail). */
export const allowedEvents = (actor: OrderActor, f: OrderFacts): OrderEvent[] =>
  [...new Set(ORDER_TRANSITIONS.map((t) => t.event))].filter((e) => decide(e, actor, f).ok);
