import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export function createCompanyRepository(db: Kysely<Database>) {
  return {
    /** The website's company with the settings these calls depend on. */
    website: (websiteId: number) =>
      db
        .selectFrom('websites as w')
        .innerJoin('companies as c', 'c.id', 'w.company_id')
        .select([
          'w.company_id',
          'w.contact_type',
          'w.show_contact',
          'w.show_about_us',
          'w.show_privacy',
          'c.name',
          'c.name_en',
          'c.logo',
        ])
        .where('w.id', '=', websiteId)
        .executeTakeFirst(),

    contacts: (companyId: number) =>
      db
        .selectFrom('company_contacts')
        .select([
          'company_contact',
          'company_mobilephone',
          'company_telephone',
          'company_email',
          'company_wechat',
          'company_whatsapp',
          'company_facebook',
          'company_fax',
          'company_qq',
          'company_address',
          'company_address_en',
          'lang_type',
        ])
        .where('company_id', '=', companyId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    certificates: (companyId: number, kind?: 'certificate' | 'inspection') => {
      let q = db
        .selectFrom('certificates as c')
        .leftJoin('factories as f', 'f.id', 'c.factory_id')
        .select([
          'c.id',
          'c.kind',
          'c.name',
          'c.name_en',
          'c.issuer',
          'c.number',
          'c.picture',
          'c.pictures',
          'c.valid_from',
          'c.valid_until',
          'f.name as factory_name',
          'f.name_en as factory_name_en',
        ])
        .where('c.company_id', '=', companyId);
      if (kind) q = q.where('c.kind', '=', kind);
      return q.orderBy('c.kind').orderBy('c.sort').orderBy('c.id').execute();
    },

    texts: (companyId: number, kind: string) =>
      db
        .selectFrom('company_texts')
        .select(['lang', 'title', 'body'])
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .execute(),
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
