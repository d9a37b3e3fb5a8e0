import { type CallName, calls, ErrorCode, STAFF_LIMITS } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  type CompanyObjects,
  companyObjects,
  isStaffRead,
  STAFF_TOKEN_CALLS,
  staffCallBodies,
  type StaffTokenCall,
} from '../../test/staff-calls';

const ZH = 11201001;
const EN = 11201002;

describe('staff login', () => {
  let t: TestApp;
  let demo: number;
  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.siteId('demo');
  });
  afterAll(() => t.close());

  it('logs the owner in with email and password, with the role and the website', async () => {
    const r = await t.call(
      'staff_login',
      { email: ' Owner@Demo.test ', password: 'demo-owner', lang: EN },
      { website: demo },
    );
    expect(r.code).toBe(0);
    expect(r.data.token.length).toBeGreaterThanOrEqual(43);
    expect(r.data.staff).toMatchObject({ email: 'owner@demo.test', role: 'owner', status: 1 });
    expect(r.data.website.site).toBe('demo');
    const me = await t.call('staff_get_me', {}, { website: demo, token: r.data.token });
    expect(me.data.staff.last_login_at).not.toBeNull();
  });

  it('answers a wrong password and an unknown email alike, in Chinese when asked', async () => {
    const wrong = await t.call(
      'staff_login',
      { email: 'owner@demo.test', password: 'guess', lang: ZH },
      { website: demo, ip: '10.1.0.1' },
    );
    const unknown = await t.call(
      'staff_login',
      { email: 'nobody@demo.test', password: 'guess', lang: ZH },
      { website: demo, ip: '10.1.0.2' },
    );
    expect(wrong).toEqual({ code: ErrorCode.WRONG_PASSWORD, data: null, tip: '邮箱或密码错误' });
    expect(unknown).toEqual(wrong);
  });

  it("does not log one company's staff in on the other company's website", async () => {
    const r = await t.call(
      'staff_login',
      { email: 'owner@demo.test', password: 'demo-owner' },
      { website: await t.siteId('demo2'), ip: '10.1.0.3' },
    );
    expect(r.code).toBe(ErrorCode.WRONG_PASSWORD);
  });

  it('refuses the sixth wrong password from an address, and tells when to try again', async () => {
    const o = { website: demo, ip: '10.1.1.1' };
    for (let i = 0; i < STAFF_LIMITS.LOGIN_MAX_FAILURES; i++)
      expect((await t.call('staff_login', { email: 'sales@demo.test', password: `guess${i}` }, o)).code).toBe(
        ErrorCode.WRONG_PASSWORD,
      );
    const r = await t.call('staff_login', { email: 'sales@demo.test', password: 'demo-sales', lang: EN }, o);
    expect(r).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, tip: expect.stringMatching(/15 min/) });
    t.clock.advance(STAFF_LIMITS.LOGIN_FAILURE_WINDOW_MS + 1);
    expect((await t.call('staff_login', { email: 'sales@demo.test', password: 'demo-sales' }, o)).code).toBe(
      0,
    );
  });

  it('checks at most five of a burst of parallel guesses from one address', async () => {
    const o = { website: demo, ip: '10.1.2.1' };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call('staff_login', { email: 'service@demo.test', password: `burst${i}` }, o),
      ),
    );
    const checked = answers.filter((a) => a.code === ErrorCode.WRONG_PASSWORD).length;
    expect(checked).toBeLessThanOrEqual(STAFF_LIMITS.LOGIN_MAX_FAILURES);
    expect(answers.filter((a) => a.code === ErrorCode.TOO_MANY_REQUESTS).length).toBe(30 - checked);
  });

  it('throttles guesses at one account from many addresses too', async () => {
    for (let i = 0; i < STAFF_LIMITS.LOGIN_MAX_FAILURES; i++)
      await t.call(
        'staff_login',
        { email: 'owner@demo.test', password: 'x' },
        { website: demo, ip: `10.2.${i}.1` },
      );
    const r = await t.call(
      'staff_login',
      { email: 'owner@demo.test', password: 'demo-owner' },
      { website: demo, ip: '10.2.99.1' },
    );
    expect(r.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });
});

describe('staff sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ends a session at logout', async () => {
    const s = await t.staffLogin('demo', 'sales');
    expect((await t.call('staff_logout', {}, s)).code).toBe(0);
    expect((await t.call('staff_get_me', {}, s)).code).toBe(ErrorCode.SESSION_INVALID);
  });

  it('ends a session when it expires', async () => {
    const s = await t.staffLogin('demo', 'sales');
    t.clock.advance(STAFF_LIMITS.SESSION_TTL_MS);
    expect((await t.call('staff_get_me', {}, s)).code).toBe(ErrorCode.SESSION_INVALID);
  });

  it("ends a staff member's sessions when the owner disables the account, and refuses its logins", async () => {
    const owner = await t.staffLogin('demo2', 'owner');
    const service = await t.staffLogin('demo2', 'service');
    const r = await t.call('staff_update_staff', { id: service.staff.id, status: 0 }, owner);
    expect(r.data.status).toBe(0);
    expect((await t.call('staff_get_me', {}, service)).code).toBe(ErrorCode.SESSION_INVALID);
    const again = await t.call(
      'staff_login',
      { email: 'service@demo2.test', password: 'demo2-service' },
      { website: owner.website },
    );
    expect(again.code).toBe(ErrorCode.WRONG_PASSWORD);
  });

  it('ends the other sessions when a password changes, and keeps this one', async () => {
    const here = await t.staffLogin('demo', 'service');
    const elsewhere = await t.staffLogin('demo', 'service');
    const r = await t.call(
      'staff_change_password',
      { current_password: 'demo-service', new_password: 'a-long-new-one' },
      here,
    );
    expect(r.code).toBe(0);
    expect((await t.call('staff_get_me', {}, here)).code).toBe(0);
    expect((await t.call('staff_get_me', {}, elsewhere)).code).toBe(ErrorCode.SESSION_INVALID);
    const wrong = await t.call(
      'staff_change_password',
      { current_password: 'demo-service', new_password: 'x'.repeat(9) },
      here,
    );
    expect(wrong.code).toBe(ErrorCode.WRONG_PASSWORD);
  });

  it('keeps the last active owner: it cannot be demoted or disabled, nor change itself', async () => {
    const owner = await t.staffLogin('demo', 'owner');
    const self = await t.call('staff_update_staff', { id: owner.staff.id, role: 'sales', lang: EN }, owner);
    expect(self).toMatchObject({ code: ErrorCode.FAILED, tip: expect.stringMatching(/your own/) });
    const second = await t.call(
      'staff_create_staff',
      { name: 'Partner', email: 'partner@demo.test', role: 'owner' },
      owner,
    );
    expect(second.data.password).toMatch(/^[A-Za-z0-9]{12}$/);
    const partner = await t.call(
      'staff_login',
      { email: 'partner@demo.test', password: second.data.password },
      { website: owner.website },
    );
    const demote = await t.call(
      'staff_update_staff',
      { id: owner.staff.id, status: 0 },
      {
        website: owner.website,
        token: partner.data.token,
      },
    );
    expect(demote.code).toBe(0);
    const last = await t.call(
      'staff_update_staff',
      { id: partner.data.staff.id, role: 'sales', lang: EN },
      {
        website: owner.website,
        token: partner.data.token,
      },
    );
    expect(last.code).toBe(ErrorCode.FAILED);
  });

  it('refuses a second account with the same email', async () => {
    const owner = await t.staffLogin('demo2', 'owner');
    const r = await t.call(
      'staff_create_staff',
      { name: 'Twin', email: 'sales@demo2.test', role: 'sales' },
      owner,
    );
    expect(r.code).toBe(ErrorCode.FAILED);
  });
});

describe('staff roles and audiences', () => {
  let t: TestApp;
  let demo: CompanyObjects;
  let demo2: CompanyObjects;
  let bodies: Awaited<ReturnType<typeof staffCallBodies>>;
  let foreignBodies: Awaited<ReturnType<typeof staffCallBodies>>;
  beforeAll(async () => {
    t = await createTestApp();
    demo = await companyObjects(t, 'demo');
    demo2 = await companyObjects(t, 'demo2');
    bodies = await staffCallBodies(t, demo, (await t.staffLogin('demo', 'owner')).token);
    foreignBodies = await staffCallBodies(t, demo2, (await t.staffLogin('demo2', 'owner')).token);
  });
  afterAll(() => t.close());

  const body = (name: StaffTokenCall) => bodies[name] as Record<string, unknown>;

  it('lists the staff calls with their roles in the contract', () => {
    expect(STAFF_TOKEN_CALLS.length).toBeGreaterThan(20);
    for (const name of STAFF_TOKEN_CALLS) expect(calls[name].roles?.length, name).toBeGreaterThan(0);
  });

  it("refuses a buyer's token on every staff call", async () => {
    for (const as of ['visitor', 'customer'] as const) {
      const buyer = await t.login('demo', as);
      for (const name of STAFF_TOKEN_CALLS) {
        const r = await t.call(name, body(name), buyer);
        expect({ name, code: r.code }).toEqual({ name, code: ErrorCode.SESSION_INVALID });
      }
    }
  });

  it("refuses a staff token on every buyer's call that needs a session", async () => {
    const staff = await t.staffLogin('demo', 'owner');
    const buyerCalls = (Object.keys(calls) as CallName[]).filter(
      (n) => calls[n].access === 'session' || calls[n].access === 'customer',
    );
    expect(buyerCalls.length).toBeGreaterThan(30);
    for (const name of buyerCalls) {
      const r = await t.call(name, {}, staff);
      expect({ name, code: r.code }).toEqual({ name, code: ErrorCode.SESSION_INVALID });
    }
  });

  it("refuses one company's staff token on the other company's website, for every staff call", async () => {
    const staff = await t.staffLogin('demo', 'owner');
    for (const name of STAFF_TOKEN_CALLS) {
      const r = await t.call(name, foreignBodies[name] as Record<string, unknown>, {
        token: staff.token,
        website: demo2.website,
      });
      expect({ name, code: r.code }).toEqual({ name, code: ErrorCode.SESSION_INVALID });
    }
  });

  it("finds none of the other company's rows through any staff call that names one", async () => {
    const staff = await t.staffLogin('demo', 'owner');
    // A call names a row by its id, or by the id of what it selects (a linesheet's sample record).
    const naming = STAFF_TOKEN_CALLS.filter((n) => {
      const body = foreignBodies[n] as { selection?: object };
      return 'id' in body || (body.selection !== undefined && 'id' in body.selection);
    });
    expect(naming.length).toBeGreaterThanOrEqual(12);
    for (const name of naming) {
      const r = await t.call(name, { ...(foreignBodies[name] as object), lang: EN }, staff);
      expect({ name, code: r.code, tip: r.tip }).toEqual({
        name,
        code: ErrorCode.FAILED,
        tip: 'Not found: it may have been deleted, or it belongs to another company',
      });
    }
    // Lists hold the company's own rows only.
    const samples = await t.call('staff_list_samples', { page_size: 100 }, staff);
    expect(samples.data.list.map((s) => s.id)).toContain(demo.sampleId);
    expect(samples.data.list.map((s) => s.id)).not.toContain(demo2.sampleId);
    const byForeignCustomer = await t.call('staff_list_samples', { customer_id: demo2.customerId }, staff);
    expect(byForeignCustomer.data.total).toBe(0);
    const customers = await t.call('staff_list_customers', { page_size: 100 }, staff);
    expect(customers.data.list.map((c) => c.id)).not.toContain(demo2.customerId);
    const applications = await t.call('staff_list_applications', { status: 'all', page_size: 100 }, staff);
    expect(applications.data.list.map((a) => a.id)).not.toEqual(
      expect.arrayContaining([demo2.applicationIds[0]]),
    );
    const team = await t.call('staff_list_staff', {}, staff);
    expect(team.data.list.map((s) => s.id)).not.toContain(demo2.staffId);
  });

  it('lets each role make exactly the calls of its roles', async () => {
    for (const role of ['sales', 'service'] as const) {
      const staff = await t.staffLogin('demo', role);
      for (const name of STAFF_TOKEN_CALLS.filter(
        (n) => n !== 'staff_logout' && n !== 'staff_change_password',
      )) {
        const allowed = (calls[name].roles as readonly string[]).includes(role);
        const r = await t.call(name, body(name), staff);
        expect({ role, name, refused: r.code === ErrorCode.FORBIDDEN }).toEqual({
          role,
          name,
          refused: !allowed,
        });
      }
    }
  });

  it('refuses a service user the settings and the buyers, and a sales user the staff', async () => {
    const service = await t.staffLogin('demo', 'service');
    const sales = await t.staffLogin('demo', 'sales');
    expect((await t.call('staff_update_settings', body('staff_update_settings'), service)).code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await t.call('staff_update_customer', body('staff_update_customer'), service)).code).toBe(
      ErrorCode.FORBIDDEN,
    );
    const r = await t.call('staff_create_staff', { ...body('staff_create_staff'), lang: ZH }, sales);
    expect(r).toEqual({ code: ErrorCode.FORBIDDEN, data: null, tip: '您的角色无权进行此操作' });
  });
});

describe('the audit log', () => {
  let t: TestApp;
  let demo: CompanyObjects;
  beforeAll(async () => {
    t = await createTestApp();
    demo = await companyObjects(t, 'demo');
  });
  afterAll(() => t.close());

  it('records every staff write with who, when, which call and what it changed', async () => {
    const owner = await t.staffLogin('demo', 'owner');
    const bodies = await staffCallBodies(t, demo, owner.token);
    const writes = STAFF_TOKEN_CALLS.filter((n) => !isStaffRead(n));
    expect(writes.length).toBeGreaterThanOrEqual(15);
    // Logging out last: it ends the session the others use.
    const order = [...writes.filter((n) => n !== 'staff_logout'), 'staff_logout' as const];
    for (const name of order) {
      const at = t.clock.now();
      const r = await t.call(name, bodies[name] as Record<string, unknown>, owner);
      expect({ name, code: r.code, tip: r.tip }).toMatchObject({ name, code: 0 });
      const entry = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', name)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect({ name, entry }).toMatchObject({
        name,
        entry: { staff_id: owner.staff.id, staff_name: owner.staff.name, created_at: at },
      });
    }
    // The loop changed the owner's password and ended the session: log in again to read the log.
    const again = await t.call(
      'staff_login',
      { email: 'owner@demo.test', password: 'a-new-password-1' },
      { website: owner.website },
    );
    const audit = await t.call(
      'staff_list_audit',
      { page_size: 100 },
      { website: owner.website, token: again.data.token },
    );
    expect(audit.data.list.map((e) => e.action)).toEqual(expect.arrayContaining([...writes, 'staff_login']));
    const update = audit.data.list.find((e) => e.action === 'staff_update_customer');
    expect(update).toMatchObject({
      target: `customer:${demo.customerId}`,
      before: { nickname: 'Carlos' },
      after: { nickname: 'Renamed' },
    });
  });

  it('writes nothing when a write is refused', async () => {
    const owner = await t.staffLogin('demo2', 'owner');
    const before = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await t.call('staff_update_customer', { id: 999_999, nickname: 'x' }, owner)).code).toBe(
      ErrorCode.FAILED,
    );
    const after = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
