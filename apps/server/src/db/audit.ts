import type { Kysely } from 'kysely';
import type { Database } from './database';

/** One staff write, as every staff module records it in the same transaction as the write. */
export interface AuditEntry {
  companyId: number;
  staffId: number | null;
  staffName: string;
  /** The staff call that wrote. */
  action: string;
  /** What it changed, as kind:id (customer:12, website:1). */
  target: string;
  before?: unknown;
  after?: unknown;
  ip: string;
  at: number;
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/** Writes an audit entry with the given connection (a transaction's, so it lands with its write or not at all). */
export const writeAudit = (db: Kysely<Database>, e: AuditEntry) =>
  db
    .insertInto('audit_log')
    .values({
      company_id: e.companyId,
      staff_id: e.staffId,
      staff_name: e.staffName,
      action: e.action,
      target: e.target,
      before: json(e.before),
      after: json(e.after),
      ip: e.ip,
      created_at: e.at,
    })
    .execute();

/** The entry of a staff call's write: who asked (the caller), when, which call, what it changed. */
export const staffAuditEntry = (
  c: { staff: { companyId: number; staffId: number; name: string }; ip: string },
  at: number,
  action: string,
  target: string,
  before?: unknown,
  after?: unknown,
): AuditEntry => ({
  companyId: c.staff.companyId,
  staffId: c.staff.staffId,
  staffName: c.staff.name,
  action,
  target,
  before,
  after,
  ip: c.ip,
  at,
});
