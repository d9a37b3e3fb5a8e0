import { ErrorCode, selectionTotals } from '@vitrine/contract';
import { vi } from 'vitest';

/** One /api request as the fake server saw it. */
export interface SeenCall {
  name: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export type Envelope = { code: number; data: unknown; tip: string };
export type Handler = (body: Record<string, unknown>, call: SeenCall) => Envelope | Promise<Envelope>;

export const ok = (data: unknown = {}, tip = 'Success'): Envelope => ({ code: 0, data, tip });
export const fail = (code: number, tip: string): Envelope => ({ code, data: null, tip });
const notJson = fail(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'The body must be sent as application/json.');

/**
 * Calls the layout makes on its own for a logged-in customer (the cart badge reads the server
 * cart): answered as an empty cart unless a test says otherwise.
 */
const LAYOUT_CALLS: Record<string, Handler> = {
  get_sample_car_list: () =>
    ok({ lines: [], totals: selectionTotals([], { show_price: 1, money_unit: 'USD', trade_term: 'FOB' }) }),
};

/**
 * Replaces fetch with a fake /api: each call name answers through its handler; a call without
 * one fails the test loudly. Returns the calls seen, in order.
 */
export function mockApi(own: Record<string, Handler>) {
  const handlers = { ...LAYOUT_CALLS, ...own };
  const calls: SeenCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const name = url.replace(/^.*\/api\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const call = { name, body, headers };
    calls.push(call);
    const handler = handlers[name];
    if (!handler) throw new Error(`unexpected call ${name}`);
    // As the server: a body of any other type is refused unread (decision 0028).
    const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    const answer = type?.split(';')[0]?.trim() === 'application/json' ? await handler(body, call) : notJson;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, named: (name: string) => calls.filter((c) => c.name === name) };
}
