import type { Kysely, Updateable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import type { CompaniesTable, Database, WebsitesTable } from '../../db/database';
import { transactional } from '../../db/transactional';

export type WebsiteRow = Awaited<ReturnType<ReturnType<typeof siteQueries>['findById']>> & {};

const CONTACT_COLUMNS = [
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
] as const;

export interface ContactRow {
  company_contact: string;
  company_mobilephone: string;
  company_telephone: string;
  company_email: string;
  company_wechat: string;
  company_whatsapp: string;
  company_facebook: string;
  company_fax: string;
  company_qq: string;
  company_address: string;
  company_address_en: string;
  lang_type: number;
}

export const createSiteRepository = (db: Kysely<Database>) => transactional(db, siteQueries);

function siteQueries(db: Kysely<Database>) {
  const base = () =>
    db
      .selectFrom('websites as w')
      .innerJoin('companies as c', 'c.id', 'w.company_id')
      .selectAll('w')
      .select(['c.name as company_name', 'c.name_en as company_name_en', 'c.logo as company_logo'])
      .where('w.status', '=', 1);

  return {
    audit: (entry: AuditEntry) => writeAudit(db, entry),

    findById: (id: number) => base().where('w.id', '=', id).executeTakeFirst(),
    findByCode: (code: string) => base().where('w.code', '=', code).executeTakeFirst(),
    /** A company's own domain: one of the website's domains (the older single column counts too). */
    findByDomain: async (domain: string) =>
      (await base()
        .where((eb) =>
          eb.or([
            eb(
              'w.id',
              'in',
              eb.selectFrom('website_domains').select('website_id').where('domain', '=', domain),
            ),
            eb('w.domain', '=', domain),
          ]),
        )
        .executeTakeFirst()) ?? undefined,

    domainsOf: async (websiteId: number) =>
      (
        await db
          .selectFrom('website_domains')
          .select('domain')
          .where('website_id', '=', websiteId)
          .orderBy('id')
          .execute()
      ).map((r) => r.domain),

    contactsOf: (companyId: number): Promise<ContactRow[]> =>
      db
        .selectFrom('company_contacts')
        .select([...CONTACT_COLUMNS])
        .where('company_id', '=', companyId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    textsOf: (companyId: number, kind: string) =>
      db
        .selectFrom('company_texts')
        .select(['lang', 'title', 'body'])
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .orderBy('lang')
        .execute(),

    /** Whether another website already answers to this site code. */
    codeTaken: async (code: string, exceptWebsiteId: number) =>
      (await db
        .selectFrom('websites')
        .select('id')
        .where('code', '=', code)
        .where('id', '<>', exceptWebsiteId)
        .executeTakeFirst()) !== undefined,

    /** The domains of the list that another website already answers on. */
    domainsTaken: async (domains: string[], exceptWebsiteId: number) => {
      if (domains.length === 0) return [];
      const [a, b] = await Promise.all([
        db
          .selectFrom('website_domains')
          .select('domain')
          .where('domain', 'in', domains)
          .where('website_id', '<>', exceptWebsiteId)
          .execute(),
        db
          .selectFrom('websites')
          .select('domain')
          .where('domain', 'in', domains)
          .where('id', '<>', exceptWebsiteId)
          .execute(),
      ]);
      return [...new Set([...a, ...b].map((r) => r.domain ?? ''))].filter(Boolean);
    },

    /** Updates a website if nobody changed it since `seen`; answers whether it did. */
    updateWebsite: async (id: number, seen: number, set: Updateable<WebsitesTable>) =>
      Number(
        (
          await db
            .updateTable('websites')
            .set(set)
            .where('id', '=', id)
            .where('updated_at', '=', seen)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,

    updateCompany: (id: number, set: Updateable<CompaniesTable>) =>
      db.updateTable('companies').set(set).where('id', '=', id).execute(),

    replaceDomains: async (companyId: number, websiteId: number, domains: string[], now: number) => {
      await db.deleteFrom('website_domains').where('website_id', '=', websiteId).execute();
      if (domains.length)
        await db
          .insertInto('website_domains')
          .values(
            domains.map((domain) => ({
              company_id: companyId,
              website_id: websiteId,
              domain,
              created_at: now,
            })),
          )
          .execute();
    },

    replaceContacts: async (companyId: number, contacts: ContactRow[], now: number) => {
      await db.deleteFrom('company_contacts').where('company_id', '=', companyId).execute();
      if (contacts.length)
        await db
          .insertInto('company_contacts')
          .values(
            contacts.map((c, sort) => ({
              ...c,
              company_id: companyId,
              sort,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
    },

    replaceTexts: async (
      companyId: number,
      kind: string,
      texts: { lang: string; title: string; body: string }[],
      now: number,
    ) => {
      await db
        .deleteFrom('company_texts')
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .execute();
      if (texts.length)
        await db
          .insertInto('company_texts')
          .values(texts.map((x) => ({ ...x, kind, company_id: companyId, created_at: now, updated_at: now })))
          .execute();
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
