import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export type WebsiteRow = Awaited<ReturnType<ReturnType<typeof createSiteRepository>['findById']>> & {};

export function createSiteRepository(db: Kysely<Database>) {
  const base = () =>
    db
      .selectFrom('websites as w')
      .innerJoin('companies as c', 'c.id', 'w.company_id')
      .selectAll('w')
      .select(['c.name as company_name', 'c.name_en as company_name_en', 'c.logo as company_logo'])
      .where('w.status', '=', 1);

  return {
    findById: (id: number) => base().where('w.id', '=', id).executeTakeFirst(),
    findByCode: (code: string) => base().where('w.code', '=', code).executeTakeFirst(),
    findByDomain: (domain: string) => base().where('w.domain', '=', domain).executeTakeFirst(),
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
