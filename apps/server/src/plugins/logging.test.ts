import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loggableUrl } from './logging';

describe('the server log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line) => lines.push(JSON.parse(line)) } });
  });
  afterAll(() => t.close());

  it('never carries a token, password, access code or voucher, wherever a request put it', async () => {
    lines.length = 0;
    const website = await t.siteId('demo');
    const login = await t.call('login', { website_id: website, code: 'demo-buyer' }, { ip: '198.51.100.4' });
    const token = login.data.token;
    await t.call('get_list', { page: 1, page_size: 5 }, { website, token });
    await t.app.inject({ method: 'GET', url: `/home?site=demo&token=${token}&code=demo-visitor` });
    await t.app.inject({ method: 'GET', url: `/files/x.png?X-Amz-Signature=sig-123&voucher=v-123` });
    // A handler that logs what it was given (as a careless one might) still leaks nothing.
    t.app.log.info(
      { body: { code: 'demo-visitor' }, password: 'demo-buyer', voucher: { token } },
      'logged by hand',
    );

    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const secret of [token, 'demo-buyer', 'demo-visitor', 'sig-123', 'v-123'])
      expect(text).not.toContain(secret);
    expect(text).toContain('/home?site=demo&token=[redacted]&code=[redacted]');
  });

  it('never carries a one-time login link, in an address or in a body', async () => {
    lines.length = 0;
    const sales = await t.staffLogin('demo', 'sales');
    const customers = await t.call('staff_list_customers', {}, sales);
    const made = await t.call('staff_create_login_link', { id: customers.data.list[0]?.id ?? 0 }, sales);
    const link = made.data.login_link;
    await t.app.inject({ method: 'GET', url: made.data.path });
    await t.app.inject({ method: 'GET', url: `/nowhere?login_link=${encodeURIComponent(link)}` });
    expect((await t.call('exchange_login_link', { login_link: link })).code).toBe(0);
    t.app.log.info({ login_link: link, body: { login_link: link } }, 'logged by hand');

    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).toContain('login_link=[redacted]');
    expect(text).not.toContain(link.split('.')[1]);
  });

  it('marks every line a request writes with that request’s id', async () => {
    lines.length = 0;
    await t.call('get_website_info', { site: 'demo' });
    await t.raw({ method: 'POST', url: '/api/no_such_call', payload: {} });
    const ofRequests = lines.filter((l) => l.req !== undefined || l.res !== undefined);
    expect(ofRequests.length).toBeGreaterThanOrEqual(4);
    for (const line of ofRequests) expect(line.reqId).toEqual(expect.any(String));
    expect(new Set(ofRequests.map((l) => l.reqId)).size).toBe(2);
  });

  it('keeps what is not a secret in a logged address', () => {
    expect(loggableUrl('/productDisplay?page=2&keyword=car')).toBe('/productDisplay?page=2&keyword=car');
    expect(loggableUrl('/login?Token=abc')).toBe('/login?Token=[redacted]');
    expect(loggableUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(loggableUrl('/x?token')).toBe('/x?token');
  });
});
