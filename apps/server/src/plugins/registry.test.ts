import { type CallName, calls } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { type CallHandlers, collectHandlers } from './api';
import { createTestApp } from '../test/harness';

const answer = (async () => ({ ok: true, data: {} })) as never;
/** A handler for every call of the contract, in one module. */
const everyCall = (): CallHandlers =>
  Object.fromEntries((Object.keys(calls) as CallName[]).map((n) => [n, answer])) as CallHandlers;

describe('the registry of call handlers', () => {
  it('takes one handler for every call of the contract', () => {
    expect(Object.keys(collectHandlers([everyCall()])).sort()).toEqual(Object.keys(calls).sort());
  });

  it('refuses a call that two modules register', () => {
    const { get_toy_similar, ...rest } = everyCall();
    expect(() => collectHandlers([rest, { get_toy_similar }, { get_toy_similar }])).toThrow(
      'The call get_toy_similar is registered twice',
    );
  });

  it('refuses a contract call that nobody answers', () => {
    const { staff_get_sample: _missing, ...rest } = everyCall();
    expect(() => collectHandlers([rest])).toThrow('No handler for the calls staff_get_sample');
  });

  it('refuses a handler for a call the contract does not have', () => {
    expect(() => collectHandlers([everyCall(), { no_such_call: answer } as CallHandlers])).toThrow(
      'The call no_such_call is not in the contract',
    );
  });

  it("starts the app with every module's handlers, each call once", async () => {
    const t = await createTestApp({ seed: false });
    try {
      for (const name of Object.keys(calls)) {
        const r = await t.call(name as CallName, {});
        expect({ name, code: r.code }).not.toEqual({ name, code: -404 });
      }
    } finally {
      await t.close();
    }
  });
});
