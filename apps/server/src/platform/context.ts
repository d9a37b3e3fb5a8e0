import type { SessionUser, StaffRole, WebsiteInfo } from '@vitrine/contract';
import type { StaffTranslate } from '@vitrine/i18n/console';

/**
 * Who and what a call runs for, as the call pipeline resolved it. Plain data: services take
 * these whichever transport asked (an /api call, the chat socket), and never see the transport.
 */

/** The website a call runs for. */
export interface WebsiteContext {
  id: number;
  companyId: number;
  defaultLang: number;
  /** The website's public settings (number_type, show_price, toy_type, …). */
  info: WebsiteInfo;
}

/** The buyer's session a token stands for. */
export interface SessionContext {
  id: number;
  websiteId: number;
  companyId: number;
  loginType: 0 | 1;
  customerId: number | null;
  /** A visitor session's key (its SHA-256): the owner of the visitor's sample records. */
  visitorKey: string | null;
  expiresAt: number;
  user: SessionUser;
}

/** The staff session a console token stands for. */
export interface StaffContext {
  sessionId: number;
  staffId: number;
  companyId: number;
  role: StaffRole;
  name: string;
  email: string;
  expiresAt: number;
}

/** The caller of a call, for throttling, audit and logs. */
export interface Caller {
  ip: string;
  userAgent: string;
}

/** Who asks a staff call, as staff services take it: for the audit log, the tips and the rules. */
export interface StaffCaller extends Caller {
  staff: StaffContext;
  t: StaffTranslate;
}

/** What services may log with (pino's methods, without the transport's types). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
