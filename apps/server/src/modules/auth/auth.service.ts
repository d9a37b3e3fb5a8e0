import {
  ErrorCode,
  LIMITS,
  LOGIN_TYPE,
  type LoginResponse,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_PATTERN,
  type SessionUser,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import type { SessionContext } from '../../platform/context';
import { type CallResult } from '@vitrine/contract';
import { fail, ok } from '@vitrine/contract';
import { companyChatId } from '../../platform/chat-ids';
import type { Clock } from '../../platform/clock';
import type { SessionsEndedNotifier } from '../../platform/session-events';
import { hashCode, hashToken, newToken, normalizeCode } from '../../platform/secrets';
import type { AuthRepository } from './auth.repository';

export interface AuthServiceDeps {
  repo: AuthRepository;
  clock: Clock;
  /** The public info of a website (from the site module, composed in app.ts). */
  websiteInfo(websiteId: number): Promise<WebsiteInfo | null>;
  /** Whether a visitor key (its hash) owns records on a website (the samples module's; app.ts). */
  visitorKeyInUse(websiteId: number, keyHash: string): Promise<boolean>;
  /** A fresh chat signature for a customer's session, null without a chat id (the chat module's; app.ts). */
  chatSignature(session: SessionContext): string | null;
  /** Told once a session is revoked, so the chat socket lets go of it (platform/session-events). */
  sessionsEnded?: SessionsEndedNotifier;
}

interface Caller {
  ip: string;
  userAgent: string;
  t: Translate;
}

type SessionRow = NonNullable<Awaited<ReturnType<AuthRepository['findSession']>>>;

function userOf(s: SessionRow): SessionUser {
  const customer = s.login_type === LOGIN_TYPE.CUSTOMER;
  return {
    login_type: customer ? 1 : 0,
    customer_id: customer ? s.customer_id : null,
    customer_name: s.customer_name ?? '',
    nickname: s.nickname ?? '',
    avatar: s.avatar ?? '',
    chat_id: customer ? (s.chat_id ?? null) : null,
    // The company's service is every buyer's counterpart (decision 0036), whatever an old row says.
    chat_customer_id: customer && s.chat_id ? companyChatId(s.company_id) : null,
    // Signed only where a user info is answered (login, get_website_again), not at every call.
    chat_user_sig: null,
    expires_at: s.expires_at,
  };
}

/**
 * How long a session's row is kept once it has ended (expired or signed out): a week in which
 * "why was I signed out?" can still be answered from it; after that it serves nobody.
 */
export const ENDED_SESSION_KEPT_MS = 7 * 24 * 3600 * 1000;

export function createAuthService({
  repo,
  clock,
  websiteInfo,
  visitorKeyInUse,
  chatSignature,
  sessionsEnded,
}: AuthServiceDeps) {
  const withSignature = (session: SessionContext): SessionUser => ({
    ...session.user,
    chat_user_sig: chatSignature(session),
  });

  /**
   * The key of a visitor session: the one the browser brought back when it owns records on this
   * website (the server issued it, or it is a browser's own from before keys were issued),
   * otherwise a new one. A key no record has is worth nothing to keep, so a guess finds nothing.
   */
  async function visitorKeyFor(websiteId: number, brought: string | undefined): Promise<string> {
    if (brought && (await visitorKeyInUse(websiteId, hashToken(brought)))) return brought;
    return newToken();
  }

  async function findSession(token: string): Promise<SessionContext | null> {
    const s = await repo.findSession(hashToken(token));
    if (!s || s.revoked_at !== null || s.expires_at <= clock.now()) return null;
    // A customer who was removed or disabled loses the session too.
    if (s.login_type === LOGIN_TYPE.CUSTOMER && s.live_customer_id === null) return null;
    return {
      id: s.id,
      websiteId: s.website_id,
      companyId: s.company_id,
      loginType: s.login_type === LOGIN_TYPE.CUSTOMER ? 1 : 0,
      customerId: s.customer_id,
      visitorKey: s.login_type === LOGIN_TYPE.CUSTOMER ? null : s.visitor_key,
      expiresAt: s.expires_at,
      user: userOf(s),
    };
  }

  return {
    /** The session a bearer token stands for, or null when missing, unknown, expired or revoked. */
    resolveSession: findSession,

    async login(
      input: { website_id: number; code: string; visitor_key?: string | undefined },
      caller: Caller,
    ): Promise<CallResult<LoginResponse>> {
      const { t } = caller;
      const site = await websiteInfo(input.website_id);
      if (!site) return fail(ErrorCode.WEBSITE_NOT_FOUND, t('api.websiteNotFound'));
      const code = normalizeCode(input.code);
      if (!code) return fail(ErrorCode.BAD_REQUEST, t('auth.codeRequired'));

      // The attempt is written before the code is checked and counted with the others of the
      // window, so a burst of parallel guesses cannot all pass the check (decision 0028).
      const now = clock.now();
      const attempt = await repo.addAttempt(site.company_id, site.id, caller.ip, now);
      const { count, first } = await repo.recentAttempts(
        site.id,
        caller.ip,
        now - LIMITS.LOGIN_FAILURE_WINDOW_MS,
      );
      if (count > LIMITS.LOGIN_MAX_FAILURES) {
        // A refused attempt is not a guess: it does not push the end of the wait further out.
        await repo.deleteAttempt(attempt);
        const wait = (first ?? now) + LIMITS.LOGIN_FAILURE_WINDOW_MS - now;
        return fail(
          ErrorCode.TOO_MANY_REQUESTS,
          t('auth.tooManyAttempts', { minutes: Math.max(1, Math.ceil(wait / 60_000)) }),
        );
      }

      const salt = await repo.companySalt(site.company_id);
      if (!salt) return fail(ErrorCode.WEBSITE_NOT_FOUND, t('api.websiteNotFound'));
      const hash = await hashCode(code, salt);

      const access = await repo.findAccessCode(site.company_id, site.id, hash);
      const accessValid =
        access !== undefined &&
        (access.expires_at === null || access.expires_at > now) &&
        (access.max_uses === null || access.use_count < access.max_uses) &&
        (await repo.useAccessCode(access.id, now));
      const customer = accessValid ? undefined : await repo.findCustomerByPassword(site.company_id, hash);
      // A wrong code's attempt stays and counts for the window.
      if (!accessValid && !customer) return fail(ErrorCode.WRONG_PASSWORD, t('auth.wrongPassword'));

      // A right code takes back its own attempt and nothing else: the address's earlier wrong
      // guesses keep counting, or a shared visitor code would reset them between rounds of
      // guesses (one guess tries every customer's password of the company at once).
      await repo.deleteAttempt(attempt);
      const visitorKey = customer ? null : await visitorKeyFor(site.id, input.visitor_key);
      const token = newToken();
      await repo.createSession({
        company_id: site.company_id,
        website_id: site.id,
        token_hash: hashToken(token),
        login_type: customer ? LOGIN_TYPE.CUSTOMER : LOGIN_TYPE.VISITOR,
        customer_id: customer?.id ?? null,
        access_code_id: customer ? null : (access?.id ?? null),
        visitor_key: visitorKey && hashToken(visitorKey),
        ip: caller.ip,
        user_agent: caller.userAgent,
        created_at: now,
        expires_at: now + LIMITS.SESSION_TTL_MS,
      });
      const session = await findSession(token);
      if (!session) throw new Error('A session just created could not be read back');
      return ok(
        { token, id: site.id, site, user: withSignature(session), visitor_key: visitorKey },
        t('auth.loggedIn'),
      );
    },

    /**
     * Exchanges a one-time login link for a new customer session (decision 0044). The link's
     * secret never becomes a session token: the session gets a token of its own. A link works
     * once and until it expires; a used, expired or unknown link, or one whose customer has
     * been disabled meanwhile, gets the same answer, which tells a guesser nothing.
     */
    async exchangeLoginLink(
      input: { login_link: string },
      caller: Caller,
    ): Promise<CallResult<LoginResponse>> {
      const { t } = caller;
      const now = clock.now();
      const link = await repo.useLoginLink(hashToken(input.login_link), now);
      const site = link && (await websiteInfo(Number(link.website_id)));
      if (!link || !site || site.company_id !== Number(link.company_id))
        return fail(ErrorCode.FAILED, t('auth.loginLinkInvalid'));
      const token = newToken();
      await repo.createSession({
        company_id: site.company_id,
        website_id: site.id,
        token_hash: hashToken(token),
        login_type: LOGIN_TYPE.CUSTOMER,
        customer_id: Number(link.customer_id),
        access_code_id: null,
        visitor_key: null,
        ip: caller.ip,
        user_agent: caller.userAgent,
        created_at: now,
        expires_at: now + LIMITS.SESSION_TTL_MS,
      });
      // A disabled customer's session is no session (findSession): the link opens nothing.
      const session = await findSession(token);
      if (!session) return fail(ErrorCode.FAILED, t('auth.loginLinkInvalid'));
      return ok(
        { token, id: site.id, site, user: withSignature(session), visitor_key: null },
        t('auth.loggedIn'),
      );
    },

    /** What a reload needs to restore the session: the website and the user. */
    async getWebsiteAgain(session: SessionContext, t: Translate) {
      const site = await websiteInfo(session.websiteId);
      if (!site) return fail(ErrorCode.SESSION_INVALID, t('api.sessionInvalid'));
      return ok({ id: site.id, site, user: withSignature(session) });
    },

    async logout(session: SessionContext): Promise<CallResult<Record<string, never>>> {
      await repo.revokeSession(session.id, clock.now());
      if (session.customerId !== null)
        sessionsEnded?.({ side: 'customer', companyId: session.companyId, personId: session.customerId });
      return ok({});
    },

    async accessApply(
      input: { phone: string },
      website: { id: number; companyId: number },
      caller: Caller & { lang: string },
    ): Promise<CallResult<Record<string, never>>> {
      const { t } = caller;
      const raw = input.phone.trim();
      if (!raw) return fail(ErrorCode.BAD_REQUEST, t('access.phoneRequired'));
      const digits = raw.replace(/\D/g, '');
      if (!PHONE_PATTERN.test(raw) || digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) {
        return fail(ErrorCode.BAD_REQUEST, t('access.phoneInvalid'));
      }
      const phone = (raw.startsWith('+') ? '+' : '') + digits;
      const now = clock.now();
      // The same number asking again the same day is one application, not a new one.
      if (await repo.hasApplication(website.id, phone, now - 24 * 3600 * 1000))
        return ok({}, t('access.applied'));
      const recent = await repo.countApplications(website.id, caller.ip, now - LIMITS.ACCESS_APPLY_WINDOW_MS);
      if (recent >= LIMITS.ACCESS_APPLY_MAX) return fail(ErrorCode.TOO_MANY_REQUESTS, t('access.tooMany'));
      await repo.addApplication({
        company_id: website.companyId,
        website_id: website.id,
        phone,
        ip: caller.ip,
        lang: caller.lang,
        created_at: now,
        updated_at: now,
      });
      return ok({}, t('access.applied'));
    },

    /**
     * Housekeeping: deletes sessions ended more than ENDED_SESSION_KEPT_MS ago, wrong logins
     * older than the throttling window and expired login links (nothing reads them any more).
     */
    async purge(): Promise<{ sessions: number; loginFailures: number; loginLinks: number }> {
      const now = clock.now();
      return {
        sessions: await repo.deleteSessionsEndedBefore(now - ENDED_SESSION_KEPT_MS),
        loginFailures: await repo.deleteFailuresBefore(now - LIMITS.LOGIN_FAILURE_WINDOW_MS),
        loginLinks: await repo.deleteLoginLinksBefore(now),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
