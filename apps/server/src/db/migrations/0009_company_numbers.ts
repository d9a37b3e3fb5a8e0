/*
 * FROZEN once shipped. Record numbers per company (decision 0028): one counter per company and
 * number prefix (a sample record's is S<day>), taken in the transaction that writes the record.
 * Numbers were S<day><global id>; each company's counters start after the numbers it already
 * has, so the new ones never meet an old one under the unique (company_id, number) index.
 */
import { type Kysely, sql } from 'kysely';

const OLD_SAMPLE_NUMBER = /^(S\d{8})(\d+)$/;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('number_sequences')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('number_sequences_pk', ['company_id', 'name'])
    .execute();

  const rows = await sql<{ company_id: number | string; number: string }>`
    SELECT company_id, number FROM samples WHERE number LIKE 'S%'`.execute(db);
  const last = new Map<string, { company_id: number; name: string; value: number }>();
  for (const r of rows.rows) {
    const m = OLD_SAMPLE_NUMBER.exec(r.number);
    if (!m?.[1] || !m[2]) continue;
    const key = `${r.company_id}:${m[1]}`;
    const value = Number(m[2]);
    if (value > (last.get(key)?.value ?? 0))
      last.set(key, { company_id: Number(r.company_id), name: m[1], value });
  }
  const values = [...last.values()];
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('number_sequences' as never)
      .values(values.slice(i, i + 500) as never)
      .execute();
}
