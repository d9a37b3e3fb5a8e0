import {
  LIMITS,
  LOGIN_LINK_PARAM,
  type CallResponse,
  type CallResult,
  ErrorCode,
  fail,
  ok,
  type StaffAccessCode,
  type StaffApplication,
  type StaffCustomer,
} from '@vitrine/contract';
import { staffAuditEntry } from '../../db/audit';
import type { Clock } from '../../platform/clock';
import type { SessionsEndedNotifier } from '../../platform/session-events';
import type { StaffCaller } from '../../platform/context';
import { hashCode, hashToken, newReadableSecret, newToken } from '../../platform/secrets';
import type {
  ApplicationFilter,
  ApplicationRow,
  BuyersRepository,
  CodeFilter,
  CodeRow,
  CustomerRow,
  CustomerSort,
} from './buyers.repository';

/**
 * The staff's side of buyers: customer accounts, visitor access codes and the access
 * applications buyers send from the login page (decision 0027). Passwords and codes are made
 * here when staff give none, shown once, and stored only as the company-salted hash the login
 * field looks them up by (decision 0003).
 */
export interface BuyersServiceDeps {
  repo: BuyersRepository;
  clock: Clock;
  /** Whether a picture URL is an upload of the company's that reads as a picture (uploads module). */
  isCompanyPicture(url: string, companyId: number): Promise<boolean>;
  /** Told once a customer's sessions are revoked, so the chat socket lets go of them. */
  sessionsEnded?: SessionsEndedNotifier;
}

const toCustomer = (r: CustomerRow): StaffCustomer => ({
  id: r.id,
  customer_name: r.customer_name,
  nickname: r.nickname,
  avatar: r.avatar,
  email: r.email,
  phone: r.phone,
  country: r.country,
  status: r.status ? 1 : 0,
  created_at: r.created_at,
  updated_at: r.updated_at,
  sample_count: Number(r.sample_count ?? 0),
  last_login_at: r.last_login_at === null || r.last_login_at === undefined ? null : Number(r.last_login_at),
});

function toCode(r: CodeRow, now: number): StaffAccessCode {
  const status =
    r.status !== 1
      ? 'revoked'
      : r.expires_at !== null && r.expires_at <= now
        ? 'expired'
        : r.max_uses !== null && r.use_count >= r.max_uses
          ? 'used_up'
          : 'active';
  return {
    id: r.id,
    label: r.label,
    expires_at: r.expires_at,
    max_uses: r.max_uses,
    use_count: r.use_count,
    status,
    created_at: r.created_at,
  };
}

const APPLICATION_STATUSES = ['new', 'approved', 'declined'] as const;
const toApplication = (r: ApplicationRow): StaffApplication => ({
  id: r.id,
  phone: r.phone,
  lang: r.lang,
  status: APPLICATION_STATUSES[r.status] ?? 'new',
  created_at: r.created_at,
  answered_at: r.answered_at,
  answered_by: r.answered_by ?? null,
  customer_id: r.customer_id,
  access_code_id: r.access_code_id,
  note: r.note,
});

/** Thrown inside a transaction to roll it back with a refusal. */
class Refused extends Error {
  constructor(readonly result: CallResult<never>) {
    super('refused');
  }
}

const customerView = (c: StaffCustomer) => ({
  customer_name: c.customer_name,
  nickname: c.nickname,
  avatar: c.avatar,
  email: c.email,
  phone: c.phone,
  country: c.country,
  status: c.status,
});

export function createBuyersService({ repo, clock, isCompanyPicture, sessionsEnded }: BuyersServiceDeps) {
  const customerSessionsEnded = (companyId: number, personId: number) =>
    sessionsEnded?.({ side: 'customer', companyId, personId });
  const entry = (c: StaffCaller, action: string, target: string, before?: unknown, after?: unknown) =>
    staffAuditEntry(c, clock.now(), action, target, before, after);

  /** A secret's hash that opens nothing else of the company yet; made up when none is given. */
  async function freshSecret(
    companyId: number,
    given: string | undefined,
    exceptCustomerId?: number,
  ): Promise<{ secret: string; hash: string } | null> {
    const salt = await repo.companySalt(companyId);
    if (!salt) throw new Error(`Company ${companyId} has no salt`);
    for (let attempt = 0; attempt < 5; attempt++) {
      const secret = given ?? newReadableSecret();
      const hash = await hashCode(secret, salt);
      if (!(await repo.secretInUse(companyId, hash, exceptCustomerId))) return { secret, hash };
      if (given !== undefined) return null;
    }
    throw new Error('Five random secrets in a row were taken');
  }

  /** A new avatar must be the company's own upload (staff_get_upload_credential) that reads as a picture. */
  const avatarRefused = async (avatar: string | undefined, before: string, c: StaffCaller) =>
    avatar !== undefined &&
    avatar !== '' &&
    avatar !== before &&
    !(await isCompanyPicture(avatar, c.staff.companyId))
      ? fail(ErrorCode.BAD_REQUEST, c.t('server.badPicture', { field: 'avatar' }))
      : null;

  async function customer(companyId: number, id: number): Promise<StaffCustomer | null> {
    const row = await repo.findCustomer(companyId, id);
    return row ? toCustomer(row) : null;
  }

  async function withRefusal<T>(work: () => Promise<CallResult<T>>): Promise<CallResult<T>> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof Refused) return e.result;
      throw e;
    }
  }

  return {
    async listCustomers(
      input: {
        page: number;
        page_size: number;
        search: string;
        status?: 0 | 1 | undefined;
        sort: CustomerSort;
      },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_list_customers'>>> {
      const { list, total } = await repo.listCustomers(c.staff.companyId, input, input.page, input.page_size);
      return ok({ list: list.map(toCustomer), total, page: input.page, page_size: input.page_size });
    },

    async getCustomer(input: { id: number }, c: StaffCaller): Promise<CallResult<StaffCustomer>> {
      const found = await customer(c.staff.companyId, input.id);
      return found ? ok(found) : fail(ErrorCode.FAILED, c.t('server.notFound'));
    },

    async createCustomer(
      input: {
        customer_name: string;
        nickname: string;
        avatar: string;
        email: string;
        phone: string;
        country: string;
        password?: string | undefined;
      },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_create_customer'>>> {
      const companyId = c.staff.companyId;
      const refused = await avatarRefused(input.avatar, '', c);
      if (refused) return refused;
      const secret = await freshSecret(companyId, input.password);
      if (!secret) return fail(ErrorCode.FAILED, c.t('server.passwordInUse'));
      const now = clock.now();
      const id = await repo.transaction(async (r) => {
        const id = await r.createCustomer({
          company_id: companyId,
          customer_name: input.customer_name,
          nickname: input.nickname,
          avatar: input.avatar,
          email: input.email,
          phone: input.phone,
          country: input.country,
          password_hash: secret.hash,
          created_at: now,
          updated_at: now,
        });
        const created = await r.findCustomer(companyId, id);
        await r.audit(
          entry(
            c,
            'staff_create_customer',
            `customer:${id}`,
            null,
            created && customerView(toCustomer(created)),
          ),
        );
        return id;
      });
      const created = await customer(companyId, id);
      if (!created) throw new Error('A customer just created could not be read back');
      return ok({ customer: created, password: secret.secret }, c.t('server.saved'));
    },

    async updateCustomer(
      input: {
        id: number;
        customer_name?: string | undefined;
        nickname?: string | undefined;
        avatar?: string | undefined;
        email?: string | undefined;
        phone?: string | undefined;
        country?: string | undefined;
      },
      c: StaffCaller,
    ): Promise<CallResult<StaffCustomer>> {
      const companyId = c.staff.companyId;
      const current = await repo.findCustomer(companyId, input.id);
      if (!current) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const refused = await avatarRefused(input.avatar, current.avatar, c);
      if (refused) return refused;
      return repo.transaction(async (r) => {
        const before = await r.findCustomer(companyId, input.id);
        if (!before) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const { id, ...fields } = input;
        const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        await r.updateCustomer(companyId, id, { ...set, updated_at: clock.now() });
        const after = await r.findCustomer(companyId, id);
        if (!after) throw new Error('A customer just updated could not be read back');
        await r.audit(
          entry(
            c,
            'staff_update_customer',
            `customer:${id}`,
            customerView(toCustomer(before)),
            customerView(toCustomer(after)),
          ),
        );
        return ok(toCustomer(after), c.t('server.saved'));
      });
    },

    async resetCustomerPassword(
      input: { id: number; password?: string | undefined },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_reset_customer_password'>>> {
      const companyId = c.staff.companyId;
      const found = await customer(companyId, input.id);
      if (!found) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const secret = await freshSecret(companyId, input.password, input.id);
      if (!secret) return fail(ErrorCode.FAILED, c.t('server.passwordInUse'));
      const now = clock.now();
      await repo.transaction(async (r) => {
        await r.updateCustomer(companyId, input.id, { password_hash: secret.hash, updated_at: now });
        // Whoever logged in with the old password is logged out.
        await r.revokeCustomerSessions(input.id, now);
        await r.audit(entry(c, 'staff_reset_customer_password', `customer:${input.id}`));
      });
      customerSessionsEnded(companyId, input.id);
      return ok({ customer: found, password: secret.secret }, c.t('server.saved'));
    },

    /**
     * A one-time login link for a customer (decision 0044), instead of handing out a session
     * token: only its hash is kept, it works once and for LOGIN_LINK_TTL_MS, and the buyer app
     * exchanges it for a session of its own (exchange_login_link). The link opens the website
     * the staff member works on. The customer id leads the secret so the buyer app can tell
     * whether the link is the account already logged in before it asks to switch.
     */
    async createLoginLink(
      input: { id: number },
      website: { id: number; site: string },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_create_login_link'>>> {
      const companyId = c.staff.companyId;
      const found = await customer(companyId, input.id);
      if (!found) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      if (found.status !== 1) return fail(ErrorCode.FAILED, c.t('server.loginLinkDisabled'));
      const secret = `${found.id}.${newToken()}`;
      const now = clock.now();
      const expiresAt = now + LIMITS.LOGIN_LINK_TTL_MS;
      await repo.transaction(async (r) => {
        const id = await r.addLoginLink({
          company_id: companyId,
          website_id: website.id,
          customer_id: found.id,
          token_hash: hashToken(secret),
          created_by: c.staff.staffId,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
        });
        // The audit names the link by its row, never by its secret.
        await r.audit(
          entry(c, 'staff_create_login_link', `customer:${found.id}`, null, {
            login_link: id,
            expires_at: expiresAt,
          }),
        );
      });
      const query = new URLSearchParams({ site: website.site, [LOGIN_LINK_PARAM]: secret });
      return ok(
        { login_link: secret, path: `/home?${query.toString()}`, expires_at: expiresAt },
        c.t('server.loginLinkCreated'),
      );
    },

    async setCustomerStatus(
      input: { id: number; status: 0 | 1 },
      c: StaffCaller,
    ): Promise<CallResult<StaffCustomer>> {
      const companyId = c.staff.companyId;
      const outcome = await repo.transaction(async (r) => {
        const before = await r.findCustomer(companyId, input.id);
        if (!before) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const now = clock.now();
        await r.updateCustomer(companyId, input.id, { status: input.status, updated_at: now });
        if (input.status === 0) await r.revokeCustomerSessions(input.id, now);
        const after = await r.findCustomer(companyId, input.id);
        if (!after) throw new Error('A customer just updated could not be read back');
        await r.audit(
          entry(
            c,
            'staff_set_customer_status',
            `customer:${input.id}`,
            { status: before.status },
            { status: input.status },
          ),
        );
        return ok(
          toCustomer(after),
          c.t(input.status ? 'server.customerEnabled' : 'server.customerDisabled'),
        );
      });
      if (outcome.ok && input.status === 0) customerSessionsEnded(companyId, input.id);
      return outcome;
    },

    async listCodes(
      input: { page: number; page_size: number; status: CodeFilter },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_list_access_codes'>>> {
      const now = clock.now();
      const { list, total } = await repo.listCodes(
        c.staff.companyId,
        input.status,
        now,
        input.page,
        input.page_size,
      );
      return ok({
        list: list.map((r) => toCode(r, now)),
        total,
        page: input.page,
        page_size: input.page_size,
      });
    },

    async createCode(
      input: { label: string; expires_at: number | null; max_uses: number | null },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_create_access_code'>>> {
      const companyId = c.staff.companyId;
      const now = clock.now();
      if (input.expires_at !== null && input.expires_at <= now)
        return fail(ErrorCode.BAD_REQUEST, c.t('validation.tooSmall', { field: 'expires_at' }));
      const secret = await freshSecret(companyId, undefined);
      if (!secret) throw new Error('No fresh access code');
      const id = await repo.transaction(async (r) => {
        const id = await r.createCode({
          company_id: companyId,
          website_id: null,
          code_hash: secret.hash,
          label: input.label,
          expires_at: input.expires_at,
          max_uses: input.max_uses,
          created_at: now,
          updated_at: now,
        });
        await r.audit(entry(c, 'staff_create_access_code', `access_code:${id}`, null, input));
        return id;
      });
      const row = await repo.findCode(companyId, id);
      if (!row) throw new Error('An access code just created could not be read back');
      return ok({ access_code: toCode(row, now), code: secret.secret }, c.t('server.saved'));
    },

    async revokeCode(input: { id: number }, c: StaffCaller): Promise<CallResult<StaffAccessCode>> {
      const companyId = c.staff.companyId;
      const now = clock.now();
      return repo.transaction(async (r) => {
        const before = await r.findCode(companyId, input.id);
        if (!before) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        await r.revokeCode(companyId, input.id, now);
        await r.revokeCodeSessions(input.id, now);
        const after = await r.findCode(companyId, input.id);
        if (!after) throw new Error('An access code just revoked could not be read back');
        await r.audit(
          entry(
            c,
            'staff_revoke_access_code',
            `access_code:${input.id}`,
            { status: toCode(before, now).status },
            { status: 'revoked' },
          ),
        );
        return ok(toCode(after, now), c.t('server.revoked'));
      });
    },

    async listApplications(
      input: { page: number; page_size: number; status: ApplicationFilter },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_list_applications'>>> {
      const { list, total } = await repo.listApplications(
        c.staff.companyId,
        input.status,
        input.page,
        input.page_size,
      );
      return ok({ list: list.map(toApplication), total, page: input.page, page_size: input.page_size });
    },

    /**
     * Approves an application once: the answer is written only while the application is still
     * new, in the transaction that creates the customer or code, so a second approval (a retry,
     * or a colleague at the same time) rolls back and creates nothing.
     */
    async approveApplication(
      input: {
        id: number;
        grant: 'customer' | 'access_code';
        customer_name: string;
        expires_at: number | null;
        max_uses: number | null;
      },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_approve_application'>>> {
      const companyId = c.staff.companyId;
      const found = await repo.findApplication(companyId, input.id);
      if (!found) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      if (found.status !== 0) return fail(ErrorCode.FAILED, c.t('server.alreadyAnswered'));
      const now = clock.now();
      if (input.grant === 'access_code' && input.expires_at !== null && input.expires_at <= now)
        return fail(ErrorCode.BAD_REQUEST, c.t('validation.tooSmall', { field: 'expires_at' }));
      // Hashing takes a while: done before the transaction, which then holds the database briefly.
      const secret = await freshSecret(companyId, undefined);
      if (!secret) throw new Error('No fresh secret');

      return withRefusal(() =>
        repo.transaction(async (r) => {
          let customerId: number | null = null;
          let codeId: number | null = null;
          if (input.grant === 'customer') {
            customerId = await r.createCustomer({
              company_id: companyId,
              customer_name: input.customer_name || found.phone,
              phone: found.phone,
              password_hash: secret.hash,
              created_at: now,
              updated_at: now,
            });
          } else {
            codeId = await r.createCode({
              company_id: companyId,
              website_id: found.website_id,
              code_hash: secret.hash,
              label: found.phone,
              expires_at: input.expires_at,
              max_uses: input.max_uses,
              created_at: now,
              updated_at: now,
            });
          }
          const answered = await r.answerApplication(companyId, input.id, {
            status: 1,
            answered_at: now,
            answered_by: c.staff.staffId,
            customer_id: customerId,
            access_code_id: codeId,
            updated_at: now,
          });
          if (answered === 0) throw new Refused(fail(ErrorCode.FAILED, c.t('server.alreadyAnswered')));
          await r.audit(
            entry(
              c,
              'staff_approve_application',
              `application:${input.id}`,
              { status: 'new' },
              {
                status: 'approved',
                customer_id: customerId,
                access_code_id: codeId,
              },
            ),
          );
          const application = await r.findApplication(companyId, input.id);
          const createdCustomer =
            customerId === null ? undefined : await r.findCustomer(companyId, customerId);
          const createdCode = codeId === null ? undefined : await r.findCode(companyId, codeId);
          if (!application) throw new Error('An application just answered could not be read back');
          return ok(
            {
              application: toApplication(application),
              customer: createdCustomer ? toCustomer(createdCustomer) : null,
              access_code: createdCode ? toCode(createdCode, now) : null,
              secret: secret.secret,
            },
            c.t('server.approved', {
              what: c.t(input.grant === 'customer' ? 'server.secretPassword' : 'server.secretCode'),
            }),
          );
        }),
      );
    },

    async declineApplication(
      input: { id: number; note: string },
      c: StaffCaller,
    ): Promise<CallResult<StaffApplication>> {
      const companyId = c.staff.companyId;
      const now = clock.now();
      return withRefusal(() =>
        repo.transaction(async (r) => {
          const found = await r.findApplication(companyId, input.id);
          if (!found) return fail(ErrorCode.FAILED, c.t('server.notFound'));
          const answered = await r.answerApplication(companyId, input.id, {
            status: 2,
            answered_at: now,
            answered_by: c.staff.staffId,
            note: input.note,
            updated_at: now,
          });
          if (answered === 0) throw new Refused(fail(ErrorCode.FAILED, c.t('server.alreadyAnswered')));
          await r.audit(
            entry(
              c,
              'staff_decline_application',
              `application:${input.id}`,
              { status: 'new' },
              { status: 'declined', note: input.note },
            ),
          );
          const after = await r.findApplication(companyId, input.id);
          if (!after) throw new Error('An application just answered could not be read back');
          return ok(toApplication(after), c.t('server.declined'));
        }),
      );
    },
  };
}

export type BuyersService = ReturnType<typeof createBuyersService>;
