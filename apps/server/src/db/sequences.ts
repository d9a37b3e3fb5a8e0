import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * The next value (1 first) of a company's counter, e.g. its sample records of a day. Run it in
 * the transaction that writes the numbered row: the upsert takes the counter's row, so parallel
 * writers wait for one another on both databases and never get the same value, and a write that
 * rolls back gives its value back. Counters are per company, so no number tells one company
 * anything about another's volume.
 */
export async function nextInSequence(db: Kysely<Database>, companyId: number, name: string): Promise<number> {
  const r = await db
    .insertInto('number_sequences')
    .values({ company_id: companyId, name, value: 1 })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'name'])
        .doUpdateSet((eb) => ({ value: eb('number_sequences.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(r.value);
}
