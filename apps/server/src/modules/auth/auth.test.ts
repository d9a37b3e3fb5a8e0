import { ErrorCode, LIMITS } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { hashToken } from '../../platform/secrets';
import { ENDED_SESSION_KEPT_MS } from './auth.service';

const AR = 11201005;

describe('login', () => {
  let t: TestApp;
  let demo: number;
  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.siteId('demo');
  });
  afterAll(() => t.close());

  it('logs a visitor in with the access code, as login_type 0', async () => {
    const r = await t.call('login', { website_id: demo, code: 'demo-visitor' });
    expect(r.code).toBe(0);
    expect(r.data.token.length).toBeGreaterThanOrEqual(43);
    expect(r.data).toMatchObject({
      id: demo,
      site: { site: 'demo' },
      user: { login_type: 0, customer_id: null, chat_id: null },
    });
  });

  it('logs a customer in with the password, as login_type 1 with name and chat ids', async () => {
    const r = await t.call('login', { website_id: demo, code: 'demo-buyer' });
    expect(r.code).toBe(0);
    expect(r.data.user).toMatchObject({
      login_type: 1,
      customer_name: 'Carlos Mendes',
      nickname: 'Carlos',
      chat_id: 'demo-customer-1',
    });
  });

  it('accepts a pasted code with surrounding spaces', async () => {
    expect((await t.call('login', { website_id: demo, code: '  demo-visitor \n' })).code).toBe(0);
  });

  it("answers a wrong code with 'Wrong password'", async () => {
    const r = await t.call('login', { website_id: demo, code: 'guess' });
    expect(r).toEqual({ code: ErrorCode.WRONG_PASSWORD, data: null, tip: 'Wrong password' });
  });

  it('answers in the language the body asks for', async () => {
    const r = await t.call('login', { website_id: demo, code: 'guess', lang: AR });
    expect(r.code).toBe(ErrorCode.WRONG_PASSWORD);
    expect(r.tip).toMatch(/[\u0600-\u06ff]/);
  });

  it('refuses an empty code with a clear tip', async () => {
    const r = await t.call('login', { website_id: demo, code: '   ' });
    expect(r).toMatchObject({ code: ErrorCode.BAD_REQUEST, tip: 'Please enter the access code or password' });
  });

  it("does not accept one company's code on the other company's website", async () => {
    const demo2 = await t.siteId('demo2');
    expect((await t.call('login', { website_id: demo2, code: 'demo-visitor' })).code).toBe(
      ErrorCode.WRONG_PASSWORD,
    );
    expect((await t.call('login', { website_id: demo2, code: 'demo2-visitor' })).code).toBe(0);
  });

  it('answers an unknown website_id with -106', async () => {
    expect((await t.call('login', { website_id: 987654, code: 'demo-visitor' })).code).toBe(-106);
  });

  it('refuses a disabled or expired access code', async () => {
    await t.db
      .updateTable('access_codes')
      .set({ expires_at: t.clock.now() - 1 })
      .execute();
    expect((await t.call('login', { website_id: demo, code: 'demo-visitor' })).code).toBe(
      ErrorCode.WRONG_PASSWORD,
    );
    await t.db.updateTable('access_codes').set({ expires_at: null }).execute();
    expect((await t.call('login', { website_id: demo, code: 'demo-visitor' })).code).toBe(0);
  });
});

describe('login throttling', () => {
  let t: TestApp;
  let demo: number;
  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.siteId('demo');
  });
  afterAll(() => t.close());

  it('throttles an address after repeated wrong codes, even for the right one, then lets it in again', async () => {
    for (let i = 0; i < LIMITS.LOGIN_MAX_FAILURES; i++) {
      expect((await t.call('login', { website_id: demo, code: `wrong-${i}` })).code).toBe(
        ErrorCode.WRONG_PASSWORD,
      );
    }
    const blocked = await t.call('login', { website_id: demo, code: 'demo-visitor' });
    expect(blocked).toMatchObject({
      code: ErrorCode.TOO_MANY_REQUESTS,
      tip: 'Too many wrong attempts, please try again in 15 minutes',
    });

    t.clock.advance(LIMITS.LOGIN_FAILURE_WINDOW_MS + 1);
    expect((await t.call('login', { website_id: demo, code: 'demo-visitor' })).code).toBe(0);
  });

  it('throttles per website: failures on one site do not block the other', async () => {
    for (let i = 0; i < LIMITS.LOGIN_MAX_FAILURES; i++)
      await t.call('login', { website_id: demo, code: `bad-${i}` });
    expect((await t.call('login', { website_id: demo, code: 'demo-visitor' })).code).toBe(
      ErrorCode.TOO_MANY_REQUESTS,
    );
    const demo2 = await t.siteId('demo2');
    expect((await t.call('login', { website_id: demo2, code: 'demo2-visitor' })).code).toBe(0);
  });

  it('checks at most five of a burst of 60 parallel wrong logins from one address', async () => {
    const o = { ip: '10.20.1.1' };
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.call('login', { website_id: demo, code: `burst-${i}` }, o)),
    );
    const refused = answers.filter((a) => a.code === ErrorCode.TOO_MANY_REQUESTS).length;
    expect(refused).toBeGreaterThanOrEqual(60 - LIMITS.LOGIN_MAX_FAILURES);
    expect(answers.filter((a) => a.code === ErrorCode.WRONG_PASSWORD).length).toBe(60 - refused);
  });

  it("keeps an address's wrong guesses when it logs in with the shared visitor code", async () => {
    const o = { ip: '10.20.2.1' };
    const guesses: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 4; i++)
        guesses.push((await t.call('login', { website_id: demo, code: `spray-${round}-${i}` }, o)).code);
      await t.call('login', { website_id: demo, code: 'demo-visitor' }, o);
    }
    // The four of the first round and the first of the second; the sixth wrong guess is refused.
    const checked = LIMITS.LOGIN_MAX_FAILURES;
    expect(guesses.slice(0, checked)).toEqual(Array(checked).fill(ErrorCode.WRONG_PASSWORD));
    expect(guesses.slice(checked)).toEqual(Array(40 - checked).fill(ErrorCode.TOO_MANY_REQUESTS));
  });

  it('counts a right login against nobody: it leaves no attempt behind', async () => {
    const o = { ip: '10.20.3.1' };
    for (let i = 0; i < LIMITS.LOGIN_MAX_FAILURES * 2; i++)
      expect((await t.call('login', { website_id: demo, code: 'demo-visitor' }, o)).code).toBe(0);
    expect((await t.call('login', { website_id: demo, code: 'wrong' }, o)).code).toBe(
      ErrorCode.WRONG_PASSWORD,
    );
  });

  it('forgets wrong logins once they are older than the window, and only those', async () => {
    const failures = async () =>
      (await t.db.selectFrom('login_failures').select('created_at').execute()).map((r) =>
        Number(r.created_at),
      );
    t.clock.advance(LIMITS.LOGIN_FAILURE_WINDOW_MS + 1);
    await t.call('login', { website_id: demo, code: 'old-mistake' });
    t.clock.advance(LIMITS.LOGIN_FAILURE_WINDOW_MS / 2);
    await t.call('login', { website_id: demo, code: 'new-mistake' });
    expect((await failures()).length).toBeGreaterThanOrEqual(2);
    t.clock.advance(LIMITS.LOGIN_FAILURE_WINDOW_MS / 2 + 1);
    await t.app.housekeeping.runNow();
    // The recent one still counts towards throttling; everything older is gone.
    expect(await failures()).toEqual([t.clock.now() - LIMITS.LOGIN_FAILURE_WINDOW_MS / 2 - 1]);
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('restores the session after a reload with get_website_again', async () => {
    const { token, website } = await t.login('demo', 'customer');
    const r = await t.call('get_website_again', {}, { website, token });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      id: website,
      site: { site: 'demo' },
      user: { login_type: 1, customer_name: 'Carlos Mendes' },
    });
  });

  it('stores only a hash of the token', async () => {
    const { token } = await t.login('demo', 'visitor');
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it("refuses one company's token on the other company's website, in that website's language", async () => {
    const { token } = await t.login('demo', 'customer');
    const demo2 = await t.siteId('demo2');
    const r = await t.call('get_website_again', {}, { website: demo2, token });
    expect(r).toMatchObject({ code: -2, data: null });
    expect(r.tip).toMatch(/[\u0600-\u06ff]/);
    const english = await t.call('get_website_again', { lang: 11201002 }, { website: demo2, token });
    expect(english.tip).toBe('Your session has ended, please log in again');
  });

  it('ends a session when it expires', async () => {
    const { token, website } = await t.login('demo', 'visitor');
    t.clock.advance(LIMITS.SESSION_TTL_MS - 1000);
    expect((await t.call('get_website_again', {}, { website, token })).code).toBe(0);
    t.clock.advance(1000);
    expect((await t.call('get_website_again', {}, { website, token })).code).toBe(-2);
  });

  it('ends a session at logout, at once', async () => {
    const { token, website } = await t.login('demo2', 'customer');
    expect((await t.call('logout', {}, { website, token })).code).toBe(0);
    expect((await t.call('get_website_again', {}, { website, token })).code).toBe(-2);
  });

  it("ends a customer's session when the customer is disabled", async () => {
    const { token, website } = await t.login('demo2', 'customer');
    await t.db
      .updateTable('customers')
      .set({ status: 0 })
      .where('customer_name', '=', 'Fatima Al Suwaidi')
      .execute();
    expect((await t.call('get_website_again', {}, { website, token })).code).toBe(-2);
    await t.db.updateTable('customers').set({ status: 1 }).execute();
  });

  it('forgets a session a week after it ended, by expiry or logout, and keeps every other', async () => {
    const hashOf = async (token: string) =>
      (
        await t.db
          .selectFrom('sessions')
          .select('token_hash')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirst()
      )?.token_hash;
    const signedOut = await t.login('demo', 'customer');
    await t.call('logout', {}, signedOut);
    const live = await t.login('demo', 'visitor');
    t.clock.advance(ENDED_SESSION_KEPT_MS);
    await t.app.housekeeping.runNow();
    // Exactly a week after logout: kept.
    expect(await hashOf(signedOut.token)).toBeDefined();
    t.clock.advance(1);
    await t.app.housekeeping.runNow();
    expect(await hashOf(signedOut.token)).toBeUndefined();
    expect((await t.call('get_website_again', {}, live)).code).toBe(0);

    // A session that expired goes a week after its expiry, not before (its expiry is now).
    t.clock.advance(LIMITS.SESSION_TTL_MS - ENDED_SESSION_KEPT_MS - 1);
    await t.app.housekeeping.runNow();
    expect(await hashOf(live.token)).toBeDefined();
    expect((await t.call('get_website_again', {}, live)).code).toBe(-2);
    t.clock.advance(ENDED_SESSION_KEPT_MS + 1);
    await t.app.housekeeping.runNow();
    expect(await hashOf(live.token)).toBeUndefined();
  });
});

describe('access_apply', () => {
  let t: TestApp;
  let website: number;
  beforeAll(async () => {
    t = await createTestApp();
    website = await t.siteId('demo');
  });
  afterAll(() => t.close());

  it('stores a valid phone number for the company’s staff', async () => {
    const r = await t.call('access_apply', { phone: '+971 (50) 123-4567' }, { website });
    expect(r).toMatchObject({
      code: 0,
      tip: 'Your application has been sent; the company will contact you soon',
    });
    const rows = await t.db.selectFrom('access_applications').select(['phone', 'website_id']).execute();
    expect(rows).toEqual([{ phone: '+971501234567', website_id: website }]);
  });

  it.each(['', '12345', 'call me maybe', '+1 234 567 890 123 456 78'])(
    'refuses the phone number %j with a clear tip',
    async (phone) => {
      const r = await t.call('access_apply', { phone }, { website });
      expect(r.code).toBe(ErrorCode.BAD_REQUEST);
      expect(r.tip).toMatch(/phone number/);
    },
  );

  it('records the same number asking again the same day only once', async () => {
    await t.call('access_apply', { phone: '+86 138 0000 1111' }, { website });
    await t.call('access_apply', { phone: '+86-138-0000-1111' }, { website });
    const rows = await t.db
      .selectFrom('access_applications')
      .select('id')
      .where('phone', '=', '+8613800001111')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('throttles many applications from one address', async () => {
    const answers = [];
    for (let i = 0; i < LIMITS.ACCESS_APPLY_MAX + 1; i++) {
      answers.push((await t.call('access_apply', { phone: `+44 7700 900${100 + i}` }, { website })).code);
    }
    expect(answers.at(-1)).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });
});
