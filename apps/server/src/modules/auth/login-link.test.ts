import { ErrorCode, LIMITS, LOGIN_LINK_PARAM } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/secrets';
import { createTestApp, type TestApp } from '../../test/harness';

describe('one-time login links', () => {
  let t: TestApp;
  let sales: { token: string; website: number };
  let carlos: number;
  beforeAll(async () => {
    t = await createTestApp();
    const member = await t.staffLogin('demo', 'sales');
    sales = { token: member.token, website: member.website };
    const found = await t.call('staff_list_customers', { search: 'Carlos' }, sales);
    carlos = found.data.list[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  const makeLink = async (id = carlos, staff = sales) => {
    const r = await t.call('staff_create_login_link', { id }, staff);
    expect(r.code, r.tip).toBe(0);
    return r.data;
  };
  const exchange = (link: string) => t.call('exchange_login_link', { login_link: link });

  it('gives sales a link to the showroom that the buyer app exchanges for a fresh session of the customer', async () => {
    const link = await makeLink();
    expect(link.expires_at).toBe(t.clock.now() + LIMITS.LOGIN_LINK_TTL_MS);
    const query = new URLSearchParams(link.path.slice(link.path.indexOf('?')));
    expect(link.path.startsWith('/home?')).toBe(true);
    expect(query.get('site')).toBe('demo');
    expect(query.get(LOGIN_LINK_PARAM)).toBe(link.login_link);
    expect(link.login_link.startsWith(`${carlos}.`)).toBe(true);

    const r = await exchange(link.login_link);
    expect(r.code, r.tip).toBe(0);
    expect(r.data.user).toMatchObject({ login_type: 1, customer_id: carlos, customer_name: 'Carlos Mendes' });
    expect(r.data.site.site).toBe('demo');
    // The link's secret never becomes a session token: the session has one of its own.
    expect(r.data.token).not.toBe(link.login_link);
    const again = await t.call('get_website_again', {}, { website: r.data.id, token: r.data.token });
    expect(again.data.user.customer_id).toBe(carlos);
    const asToken = await t.call('get_website_again', {}, { website: r.data.id, token: link.login_link });
    expect(asToken.code).toBe(ErrorCode.SESSION_INVALID);
  });

  it('works once only, and says so clearly the second time', async () => {
    const link = await makeLink();
    expect((await exchange(link.login_link)).code).toBe(0);
    const second = await exchange(link.login_link);
    expect(second.code).toBe(ErrorCode.FAILED);
    expect(second.tip).toBe('This login link has expired or was already used. Please ask for a new one.');
  });

  it('gives one session only when the same link is exchanged twice at the same instant', async () => {
    const link = await makeLink();
    const answers = await Promise.all([exchange(link.login_link), exchange(link.login_link)]);
    expect(answers.map((a) => a.code).sort()).toEqual([ErrorCode.FAILED, 0].sort());
  });

  it('stops working when it expires', async () => {
    const link = await makeLink();
    t.clock.advance(LIMITS.LOGIN_LINK_TTL_MS);
    expect((await exchange(link.login_link)).code).toBe(ErrorCode.FAILED);
  });

  it('opens nothing once its customer is disabled, and is not made for a disabled customer', async () => {
    const link = await makeLink();
    expect((await t.call('staff_set_customer_status', { id: carlos, status: 0 }, sales)).code).toBe(0);
    try {
      expect((await exchange(link.login_link)).code).toBe(ErrorCode.FAILED);
      const refused = await t.call('staff_create_login_link', { id: carlos }, sales);
      expect(refused.code).toBe(ErrorCode.FAILED);
    } finally {
      await t.call('staff_set_customer_status', { id: carlos, status: 1 }, sales);
    }
  });

  it("refuses staff of another company a link for this company's customer", async () => {
    const other = await t.staffLogin('demo2', 'owner');
    const r = await t.call('staff_create_login_link', { id: carlos }, other);
    expect(r.code).toBe(ErrorCode.FAILED);
    expect(r.tip).toContain('Not found');
  });

  it('is refused to customer service, which does not manage buyers', async () => {
    const service = await t.staffLogin('demo', 'service');
    expect((await t.call('staff_create_login_link', { id: carlos }, service)).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('keeps only the hash of the link and audits who made it for whom, without the secret', async () => {
    const link = await makeLink();
    const rows = await t.db.selectFrom('login_links').selectAll().execute();
    expect(rows.some((r) => r.token_hash === hashToken(link.login_link))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(link.login_link.split('.')[1]);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff_create_login_link')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target: `customer:${carlos}`, staff_name: expect.any(String) });
    expect(Number(audit.staff_id)).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(link.login_link.split('.')[1]);
  });

  it('refuses a malformed link before looking it up', async () => {
    expect((await exchange('not-a-link')).code).toBe(ErrorCode.BAD_REQUEST);
    expect((await exchange(`${carlos}.${'A'.repeat(43)}`)).code).toBe(ErrorCode.FAILED);
  });

  it('is deleted by housekeeping once expired', async () => {
    const kept = await makeLink();
    await t.app.housekeeping.runNow();
    const hashes = async () =>
      (await t.db.selectFrom('login_links').select('token_hash').execute()).map((r) => r.token_hash);
    expect(await hashes()).toContain(hashToken(kept.login_link));
    t.clock.advance(LIMITS.LOGIN_LINK_TTL_MS + 1);
    await t.app.housekeeping.runNow();
    expect(await hashes()).toEqual([]);
  });
});
