import {
  type CallResponse,
  type CallResult,
  ErrorCode,
  fail,
  ok,
  STAFF_LIMITS,
  STAFF_ROLES,
  type StaffRole,
  type StaffUser,
} from '@vitrine/contract';
import type { StaffTranslate } from '@vitrine/i18n/console';
import { staffAuditEntry } from '../../db/audit';
import type { Clock } from '../../platform/clock';
import type { SessionsEndedNotifier } from '../../platform/session-events';
import type { Caller, StaffCaller, StaffContext, WebsiteContext } from '../../platform/context';
import { hashPassword, hashToken, newReadableSecret, newToken, verifyPassword } from '../../platform/secrets';
import type { StaffRepository, StaffRow } from './staff.repository';

export interface StaffServiceDeps {
  repo: StaffRepository;
  clock: Clock;
  /** Told once a staff member's sessions are revoked, so the chat socket lets go of them. */
  sessionsEnded?: SessionsEndedNotifier;
}

const roleOf = (role: string): StaffRole => STAFF_ROLES.find((r) => r === role) ?? 'sales';

export function toStaffUser(row: Omit<StaffRow, 'password_hash' | 'company_id' | 'updated_at'>): StaffUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: roleOf(row.role),
    status: row.status ? 1 : 0,
    created_at: row.created_at,
    last_login_at: row.last_login_at,
  };
}

/** Compared against when no account has the email, so a wrong email takes as long as a wrong password. */
const NO_ACCOUNT_HASH = 'scrypt$00000000000000000000000000000000$' + '0'.repeat(64);

/** How long an ended staff session's row is kept (as buyers' sessions: a week). */
export const ENDED_STAFF_SESSION_KEPT_MS = 7 * 24 * 3600 * 1000;

export function createStaffService({ repo, clock, sessionsEnded }: StaffServiceDeps) {
  const staffSessionsEnded = (companyId: number, personId: number) =>
    sessionsEnded?.({ side: 'staff', companyId, personId });
  const entry = (c: StaffCaller, action: string, target: string, before?: unknown, after?: unknown) =>
    staffAuditEntry(c, clock.now(), action, target, before, after);

  async function resolveStaff(token: string): Promise<StaffContext | null> {
    const s = await repo.findSession(hashToken(token));
    if (!s || s.revoked_at !== null || s.expires_at <= clock.now() || !s.status) return null;
    return {
      sessionId: s.id,
      staffId: s.staff_id,
      companyId: s.company_id,
      role: roleOf(s.role),
      name: s.name,
      email: s.email,
      expiresAt: s.expires_at,
    };
  }

  return {
    resolveStaff,

    /**
     * staff_login. The attempt is written before the password is checked and counted with the
     * others, so a burst of parallel guesses cannot all pass the check; a right password
     * deletes it again. Limited per address and per email, so neither many addresses on one
     * account nor one address on many accounts guess for long.
     */
    async login(
      input: { email: string; password: string },
      website: WebsiteContext,
      caller: Caller & { t: StaffTranslate },
    ): Promise<CallResult<CallResponse<'staff_login'>>> {
      const { t } = caller;
      const email = input.email.trim().toLowerCase();
      if (!email || !input.password) return fail(ErrorCode.BAD_REQUEST, t('server.loginRequired'));
      const companyId = website.companyId;
      const now = clock.now();
      const attempt = await repo.addAttempt(companyId, caller.ip, email, now);
      const recent = await repo.recentAttempts(
        companyId,
        caller.ip,
        email,
        now - STAFF_LIMITS.LOGIN_FAILURE_WINDOW_MS,
      );
      const over = recent.filter((r) => r.count > STAFF_LIMITS.LOGIN_MAX_FAILURES && r.first !== null);
      if (over.length) {
        // A refused attempt is not a guess: it does not push the end of the wait further out.
        await repo.deleteAttempt(attempt);
        const until = Math.max(...over.map((r) => (r.first ?? now) + STAFF_LIMITS.LOGIN_FAILURE_WINDOW_MS));
        return fail(
          ErrorCode.TOO_MANY_REQUESTS,
          t('server.tooManyAttempts', { minutes: Math.max(1, Math.ceil((until - now) / 60_000)) }),
        );
      }

      const user = await repo.findByEmail(companyId, email);
      const right = await verifyPassword(input.password, user?.password_hash || NO_ACCOUNT_HASH);
      if (!user || !right || !user.status) return fail(ErrorCode.WRONG_PASSWORD, t('server.wrongLogin'));

      const token = newToken();
      const expiresAt = now + STAFF_LIMITS.SESSION_TTL_MS;
      await repo.transaction(async (r) => {
        await r.deleteAttempt(attempt);
        await r.clearAttempts(companyId, caller.ip, email);
        const sessionId = await r.createSession({
          company_id: companyId,
          staff_id: user.id,
          token_hash: hashToken(token),
          ip: caller.ip,
          user_agent: caller.userAgent,
          created_at: now,
          expires_at: expiresAt,
        });
        await r.update(companyId, user.id, { last_login_at: now });
        await r.audit({
          companyId,
          staffId: user.id,
          staffName: user.name,
          action: 'staff_login',
          target: `staff_session:${sessionId}`,
          ip: caller.ip,
          at: now,
        });
      });
      return ok(
        {
          token,
          expires_at: expiresAt,
          staff: toStaffUser({ ...user, last_login_at: now }),
          website: website.info,
        },
        t('server.loggedIn', { name: user.name }),
      );
    },

    async logout(c: StaffCaller): Promise<CallResult<Record<string, never>>> {
      await repo.transaction(async (r) => {
        await r.revokeSession(c.staff.sessionId, clock.now());
        await r.audit(entry(c, 'staff_logout', `staff_session:${c.staff.sessionId}`));
      });
      staffSessionsEnded(c.staff.companyId, c.staff.staffId);
      return ok({});
    },

    async me(c: StaffCaller, website: WebsiteContext): Promise<CallResult<CallResponse<'staff_get_me'>>> {
      const user = await repo.findById(c.staff.companyId, c.staff.staffId);
      if (!user) return fail(ErrorCode.SESSION_INVALID, c.t('api.sessionInvalid'));
      return ok({
        staff: toStaffUser(user),
        website: website.info,
        expires_at: c.staff.expiresAt,
        counts: await repo.counts(c.staff.companyId),
      });
    },

    counts: async (c: StaffCaller) => ok(await repo.counts(c.staff.companyId)),

    async changePassword(
      input: { current_password: string; new_password: string },
      c: StaffCaller,
    ): Promise<CallResult<Record<string, never>>> {
      const user = await repo.findById(c.staff.companyId, c.staff.staffId);
      if (!user || !(await verifyPassword(input.current_password, user.password_hash || NO_ACCOUNT_HASH)))
        return fail(ErrorCode.WRONG_PASSWORD, c.t('server.wrongCurrentPassword'));
      const hash = await hashPassword(input.new_password);
      const now = clock.now();
      await repo.transaction(async (r) => {
        await r.update(c.staff.companyId, user.id, { password_hash: hash, updated_at: now });
        // Whoever knew the old password is logged out; this browser stays.
        await r.revokeSessionsOf(user.id, now, c.staff.sessionId);
        await r.audit(entry(c, 'staff_change_password', `staff:${user.id}`));
      });
      staffSessionsEnded(c.staff.companyId, user.id);
      return ok({}, c.t('server.passwordChanged'));
    },

    async list(input: { page: number; page_size: number }, c: StaffCaller) {
      const { list, total } = await repo.list(c.staff.companyId, input.page, input.page_size);
      return ok({ list: list.map(toStaffUser), total, page: input.page, page_size: input.page_size });
    },

    async create(
      input: { name: string; email: string; role: StaffRole; password?: string | undefined },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_create_staff'>>> {
      const companyId = c.staff.companyId;
      if (await repo.emailTaken(companyId, input.email))
        return fail(ErrorCode.FAILED, c.t('server.emailTaken'));
      const password = input.password ?? newReadableSecret();
      const hash = await hashPassword(password);
      const now = clock.now();
      const id = await repo.transaction(async (r) => {
        const id = await r.create({
          company_id: companyId,
          name: input.name,
          email: input.email,
          role: input.role,
          password_hash: hash,
          created_at: now,
          updated_at: now,
        });
        await r.audit(
          entry(c, 'staff_create_staff', `staff:${id}`, null, {
            name: input.name,
            email: input.email,
            role: input.role,
          }),
        );
        return id;
      });
      const row = await repo.findById(companyId, id);
      if (!row) throw new Error('A staff account just created could not be read back');
      return ok({ staff: toStaffUser(row), password }, c.t('server.saved'));
    },

    async update(
      input: {
        id: number;
        name?: string | undefined;
        role?: StaffRole | undefined;
        status?: 0 | 1 | undefined;
      },
      c: StaffCaller,
    ): Promise<CallResult<StaffUser>> {
      const companyId = c.staff.companyId;
      const now = clock.now();
      const outcome = await repo.transaction(async (r): Promise<CallResult<StaffUser>> => {
        const before = await r.findById(companyId, input.id);
        if (!before) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const role = input.role ?? roleOf(before.role);
        const status = input.status ?? (before.status ? 1 : 0);
        const changesSelf = role !== before.role || status !== before.status;
        if (before.id === c.staff.staffId && changesSelf)
          return fail(ErrorCode.FAILED, c.t('server.notYourself'));
        const stopsOwning =
          before.role === 'owner' && before.status === 1 && (role !== 'owner' || status !== 1);
        if (stopsOwning && (await r.activeOwners(companyId)) <= 1)
          return fail(ErrorCode.FAILED, c.t('server.lastOwner'));
        await r.update(companyId, before.id, {
          name: input.name ?? before.name,
          role,
          status,
          updated_at: now,
        });
        if (status === 0 && before.status === 1) await r.revokeSessionsOf(before.id, now);
        const after = await r.findById(companyId, before.id);
        if (!after) throw new Error('A staff account just updated could not be read back');
        const view = (u: StaffRow) => ({ name: u.name, role: u.role, status: u.status });
        await r.audit(entry(c, 'staff_update_staff', `staff:${before.id}`, view(before), view(after)));
        return ok(toStaffUser(after), c.t('server.saved'));
      });
      if (outcome.ok && outcome.data.status === 0) staffSessionsEnded(companyId, outcome.data.id);
      return outcome;
    },

    async resetPassword(
      input: { id: number },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_reset_staff_password'>>> {
      const companyId = c.staff.companyId;
      const user = await repo.findById(companyId, input.id);
      if (!user) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const password = newReadableSecret();
      const hash = await hashPassword(password);
      const now = clock.now();
      await repo.transaction(async (r) => {
        await r.update(companyId, user.id, { password_hash: hash, updated_at: now });
        await r.revokeSessionsOf(user.id, now, user.id === c.staff.staffId ? c.staff.sessionId : undefined);
        await r.audit(entry(c, 'staff_reset_staff_password', `staff:${user.id}`));
      });
      staffSessionsEnded(companyId, user.id);
      return ok({ staff: toStaffUser(user), password }, c.t('server.saved'));
    },

    async audit(
      input: { page: number; page_size: number; staff_id?: number | undefined; action: string },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_list_audit'>>> {
      const { list, total } = await repo.auditPage(
        c.staff.companyId,
        { staffId: input.staff_id, action: input.action },
        input.page,
        input.page_size,
      );
      const parse = (v: string | null): unknown => (v === null ? null : JSON.parse(v));
      return ok({
        list: list.map((e) => ({ ...e, before: parse(e.before), after: parse(e.after) })),
        total,
        page: input.page,
        page_size: input.page_size,
      });
    },

    /** Housekeeping: staff sessions a week after they ended, login attempts past the window. */
    async purge(): Promise<{ staffSessions: number; staffAttempts: number }> {
      const now = clock.now();
      return {
        staffSessions: await repo.deleteSessionsEndedBefore(now - ENDED_STAFF_SESSION_KEPT_MS),
        staffAttempts: await repo.deleteAttemptsBefore(now - STAFF_LIMITS.LOGIN_FAILURE_WINDOW_MS),
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
