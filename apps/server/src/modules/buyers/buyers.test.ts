import { ErrorCode } from '@vitrine/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;

describe("the staff's buyers: customers, access codes and applications", () => {
  let t: TestApp;
  let sales: Awaited<ReturnType<TestApp['staffLogin']>>;
  let demo: number;
  beforeAll(async () => {
    t = await createTestApp();
    sales = await t.staffLogin('demo', 'sales');
    demo = sales.website;
  });
  afterAll(() => t.close());

  // Each from an address of its own: wrong codes tried here must not throttle the next login.
  let addresses = 0;
  const buyerLogin = (code: string) =>
    t.call('login', { website_id: demo, code }, { ip: `10.9.${++addresses}.1` });

  it('creates a customer whose shown-once password logs in as that customer', async () => {
    const r = await t.call(
      'staff_create_customer',
      { customer_name: 'Nordic Toys AB', email: 'Buyer@Nordic.example', country: 'SE' },
      sales,
    );
    expect(r.code).toBe(0);
    expect(r.data.customer).toMatchObject({
      customer_name: 'Nordic Toys AB',
      email: 'buyer@nordic.example',
      status: 1,
    });
    const login = await buyerLogin(r.data.password);
    expect(login.data.user).toMatchObject({ login_type: 1, customer_name: 'Nordic Toys AB' });
    const stored = await t.db
      .selectFrom('customers')
      .select('password_hash')
      .where('id', '=', r.data.customer.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(r.data.password);
  });

  it('refuses a password that already opens another customer or a code of the company', async () => {
    for (const password of ['demo-buyer', 'demo-visitor']) {
      const r = await t.call('staff_create_customer', { customer_name: 'Twin', password, lang: EN }, sales);
      expect(r).toMatchObject({ code: ErrorCode.FAILED, tip: expect.stringMatching(/already used/) });
    }
  });

  it('finds customers by part of name, email or phone, by status, in the order asked, a page at a time', async () => {
    await t.call(
      'staff_create_customer',
      { customer_name: 'Zeta 100% Trading', phone: '+44 20 7946 0000' },
      sales,
    );
    const byName = await t.call('staff_list_customers', { search: 'NORDIC' }, sales);
    expect(byName.data.list.map((c) => c.customer_name)).toEqual(['Nordic Toys AB']);
    // The search's own wildcards are taken literally.
    expect((await t.call('staff_list_customers', { search: '100%' }, sales)).data.total).toBe(1);
    expect((await t.call('staff_list_customers', { search: '%' }, sales)).data.total).toBe(1);
    expect((await t.call('staff_list_customers', { search: '7946' }, sales)).data.total).toBe(1);
    const byName2 = await t.call('staff_list_customers', { sort: 'name' }, sales);
    const names = byName2.data.list.map((c) => c.customer_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const paged = await t.call('staff_list_customers', { page_size: 1, page: 2 }, sales);
    expect(paged.data).toMatchObject({ page: 2, page_size: 1, total: 3 });
    expect(paged.data.list).toHaveLength(1);
  });

  it("disables a customer: the buyer's sessions end at once and the password no longer logs in", async () => {
    const buyer = await t.login('demo', 'customer');
    const id = buyer.user.customer_id ?? 0;
    const r = await t.call('staff_set_customer_status', { id, status: 0 }, sales);
    expect(r.data.status).toBe(0);
    expect((await t.call('get_website_again', {}, buyer)).code).toBe(ErrorCode.SESSION_INVALID);
    expect((await buyerLogin('demo-buyer')).code).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await t.call('staff_list_customers', { status: 0 }, sales)).data.list.map((c) => c.id)).toEqual([
      id,
    ]);
    await t.call('staff_set_customer_status', { id, status: 1 }, sales);
    expect((await buyerLogin('demo-buyer')).code).toBe(0);
  });

  it('resets a password: the old one and its sessions stop, the new one logs in', async () => {
    const buyer = await t.login('demo', 'customer');
    const r = await t.call('staff_reset_customer_password', { id: buyer.user.customer_id ?? 0 }, sales);
    expect((await t.call('get_website_again', {}, buyer)).code).toBe(ErrorCode.SESSION_INVALID);
    expect((await buyerLogin('demo-buyer')).code).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await buyerLogin(r.data.password)).data.user.customer_id).toBe(buyer.user.customer_id);
    // Back to the demo's password, for the tests after this one.
    await t.call(
      'staff_reset_customer_password',
      { id: buyer.user.customer_id ?? 0, password: 'demo-buyer' },
      sales,
    );
  });

  it("takes an avatar only from the company's own uploads that read as pictures", async () => {
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#F33636' } })
      .png()
      .toBuffer();
    const id = (await t.login('demo', 'customer')).user.customer_id ?? 0;
    const mine = (await t.call('staff_get_upload_credential', { content_type: 'image/png' }, sales)).data;
    await t.upload(mine, png);
    const r = await t.call('staff_update_customer', { id, avatar: mine.file_url }, sales);
    expect(r.data.avatar).toBe(mine.file_url);

    const other = await t.staffLogin('demo2', 'sales');
    const theirs = (await t.call('staff_get_upload_credential', { content_type: 'image/png' }, other)).data;
    await t.upload(theirs, png);
    for (const avatar of [theirs.file_url, 'https://elsewhere.example/face.png']) {
      const refused = await t.call('staff_update_customer', { id, avatar, lang: EN }, sales);
      expect(refused).toMatchObject({ code: ErrorCode.BAD_REQUEST, tip: expect.stringMatching(/avatar/) });
      const created = await t.call('staff_create_customer', { customer_name: 'Face', avatar }, sales);
      expect(created.code).toBe(ErrorCode.BAD_REQUEST);
    }
  });

  it('edits what staff may edit and keeps the rest', async () => {
    const id = (await t.login('demo', 'customer')).user.customer_id ?? 0;
    const r = await t.call('staff_update_customer', { id, nickname: 'Carlos M.', country: 'BR' }, sales);
    expect(r.data).toMatchObject({ customer_name: 'Carlos Mendes', nickname: 'Carlos M.', country: 'BR' });
    const bad = await t.call('staff_update_customer', { id, email: 'not an email' }, sales);
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('creates an access code that logs visitors in as many times as allowed, until it expires', async () => {
    const expires = t.clock.now() + 3600_000;
    const r = await t.call(
      'staff_create_access_code',
      { label: 'Canton Fair', max_uses: 2, expires_at: expires },
      sales,
    );
    expect(r.data.access_code).toMatchObject({
      label: 'Canton Fair',
      status: 'active',
      use_count: 0,
      max_uses: 2,
    });
    expect((await buyerLogin(r.data.code)).data.user.login_type).toBe(0);
    expect((await buyerLogin(r.data.code)).code).toBe(0);
    expect((await buyerLogin(r.data.code)).code).toBe(ErrorCode.WRONG_PASSWORD);
    const list = await t.call('staff_list_access_codes', { status: 'inactive' }, sales);
    expect(list.data.list.find((c) => c.id === r.data.access_code.id)).toMatchObject({
      status: 'used_up',
      use_count: 2,
    });

    const once = await t.call(
      'staff_create_access_code',
      { label: 'Short', expires_at: t.clock.now() + 1000 },
      sales,
    );
    t.clock.advance(1000);
    expect((await buyerLogin(once.data.code)).code).toBe(ErrorCode.WRONG_PASSWORD);
    const past = await t.call('staff_create_access_code', { expires_at: t.clock.now() - 1 }, sales);
    expect(past.code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('lets parallel logins use a limited code no more often than allowed', async () => {
    const r = await t.call('staff_create_access_code', { max_uses: 3 }, sales);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call('login', { website_id: demo, code: r.data.code }, { ip: `10.7.0.${i}` }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
  });

  it('revokes a code: it no longer logs in, and the sessions it opened end', async () => {
    const r = await t.call('staff_create_access_code', { label: 'Agent' }, sales);
    const visitor = await buyerLogin(r.data.code);
    const revoked = await t.call('staff_revoke_access_code', { id: r.data.access_code.id }, sales);
    expect(revoked.data.status).toBe('revoked');
    expect((await t.call('get_website_again', {}, { website: demo, token: visitor.data.token })).code).toBe(
      ErrorCode.SESSION_INVALID,
    );
    expect((await buyerLogin(r.data.code)).code).toBe(ErrorCode.WRONG_PASSWORD);
  });

  it('shows applications sent from the login page as new, and counts them', async () => {
    await t.call(
      'access_apply',
      { phone: '+966 50 123 4567', lang: 11201005 },
      { website: demo, ip: '10.8.0.1' },
    );
    const list = await t.call('staff_list_applications', {}, sales);
    expect(list.data.list[0]).toMatchObject({
      phone: '+966501234567',
      lang: 'ar',
      status: 'new',
      answered_by: null,
    });
    expect((await t.call('staff_get_counts', {}, sales)).data.new_applications).toBe(list.data.total);
  });

  it('approves an application once, creating one customer, however often it is asked', async () => {
    await t.call('access_apply', { phone: '+971 50 765 4321' }, { website: demo, ip: '10.8.0.2' });
    const app = (await t.call('staff_list_applications', {}, sales)).data.list.find(
      (a) => a.phone === '+971507654321',
    );
    const id = app?.id ?? 0;
    const customersBefore = (await t.call('staff_list_customers', {}, sales)).data.total;
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.call(
          'staff_approve_application',
          { id, grant: 'customer', customer_name: 'Dubai Kids', lang: EN },
          sales,
        ),
      ),
    );
    const approved = answers.filter((a) => a.code === 0);
    expect(approved).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 0))
      expect(refused).toMatchObject({
        code: ErrorCode.FAILED,
        tip: 'This application has already been answered',
      });
    const again = await t.call('staff_approve_application', { id, grant: 'customer' }, sales);
    expect(again.code).toBe(ErrorCode.FAILED);
    expect((await t.call('staff_list_customers', {}, sales)).data.total).toBe(customersBefore + 1);
    const first = approved[0];
    if (!first) throw new Error('none approved');
    expect(first.data.application).toMatchObject({ status: 'approved', answered_by: 'Sales desk' });
    expect(first.data.customer).toMatchObject({ customer_name: 'Dubai Kids', phone: '+971507654321' });
    expect((await buyerLogin(first.data.secret)).data.user.customer_name).toBe('Dubai Kids');
  });

  it('approves an application with an access code, or declines it with a note', async () => {
    await t.call('access_apply', { phone: '+49 30 1234567' }, { website: demo, ip: '10.8.0.3' });
    await t.call('access_apply', { phone: '+33 1 23456789' }, { website: demo, ip: '10.8.0.4' });
    const list = (await t.call('staff_list_applications', {}, sales)).data.list;
    const [a, b] = [
      list.find((x) => x.phone === '+49301234567'),
      list.find((x) => x.phone === '+33123456789'),
    ];
    const coded = await t.call(
      'staff_approve_application',
      { id: a?.id ?? 0, grant: 'access_code', max_uses: 5 },
      sales,
    );
    expect(coded.data.access_code).toMatchObject({ label: '+49301234567', max_uses: 5 });
    expect((await buyerLogin(coded.data.secret)).data.user.login_type).toBe(0);
    const declined = await t.call('staff_decline_application', { id: b?.id ?? 0, note: 'Competitor' }, sales);
    expect(declined.data).toMatchObject({ status: 'declined', note: 'Competitor' });
    expect((await t.call('staff_decline_application', { id: b?.id ?? 0 }, sales)).code).toBe(
      ErrorCode.FAILED,
    );
    const shown = await t.call('staff_list_applications', { status: 'declined' }, sales);
    expect(shown.data.list.map((x) => x.id)).toEqual([b?.id]);
  });
});
