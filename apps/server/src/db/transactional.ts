import type { Kysely } from 'kysely';
import type { Database } from './database';

/** A repository's queries, and a way to run several of them in one transaction. */
export type Transactional<Q> = Q & {
  /** Runs work with the same queries bound to one transaction: all of it lands, or none. */
  transaction<T>(work: (repo: Transactional<Q>) => Promise<T>): Promise<T>;
};

export function transactional<Q extends object>(
  db: Kysely<Database>,
  queries: (db: Kysely<Database>) => Q,
): Transactional<Q> {
  return {
    ...queries(db),
    transaction: (work) => db.transaction().execute((trx) => work(transactional(trx, queries))),
  };
}
