import { createHash } from 'node:crypto';
import { LANGUAGES } from '@vitrine/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { testDatabaseUrl } from '../test/harness';
import type { DatabaseHandle } from './dialect';
import { migrateToLatest, migrateUpTo } from './migrate';

async function columnsOf(h: DatabaseHandle, table: string): Promise<string[]> {
  if (h.dialect === 'sqlite') {
    const r = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(h.db);
    return r.rows.map((c) => c.name);
  }
  const r = await sql<{
    column_name: string;
  }>`select column_name from information_schema.columns where table_name = ${table}`.execute(h.db);
  return r.rows.map((c) => c.column_name);
}

describe(`migrations on ${testDatabaseUrl() ? 'PostgreSQL' : 'SQLite'}`, () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await createTestDatabase(testDatabaseUrl());
  });
  afterAll(() => h.close());

  it('create the whole data model on an empty database', async () => {
    expect(await migrateToLatest(h.db)).toEqual([
      '0001_initial',
      '0002_list_indexes',
      '0003_text_search',
      '0004_upload_grants',
      '0005_advert_titles',
      '0006_image_index',
      '0007_search_vocabulary',
      '0008_staff_console',
      '0009_company_numbers',
      '0010_visitor_keys',
      '0011_orders',
      '0012_stored_limits',
      '0013_chat',
      '0014_login_links',
      '0015_shown_product_indexes',
      '0016_import_jobs',
      '0017_ordering_facts',
      '0018_search_logs',
      '0019_banner_schedule',
      '0020_certificate_pictures',
      '0021_linesheet_files',
      '0022_chat_messages_by_company',
      '0023_taken_off_products',
    ]);
    const tables = (await h.db.introspection.getTables())
      .map((t) => t.name)
      .filter((n) => !n.startsWith('kysely_'));
    expect(tables).toEqual(
      expect.arrayContaining([
        'companies',
        'websites',
        'website_domains',
        'staff_sessions',
        'staff_login_attempts',
        'audit_log',
        'company_contacts',
        'customers',
        'access_codes',
        'sessions',
        'categories',
        'products',
        'product_pictures',
        'files',
        'factories',
        'hot_areas',
        'product_hot_areas',
        'showrooms',
        'booths',
        'booth_products',
        'certificates',
        'news',
        'cart_lines',
        'samples',
        'sample_lines',
        'orders',
        'order_lines',
        'payments',
        'payment_vouchers',
        'attachments',
        'chat_conversations',
        'chat_messages',
        'browse_logs',
        'click_logs',
        'select_logs',
        'news_click_logs',
        'search_logs',
        'access_applications',
        'adverts',
        'upload_grants',
        'image_features',
        'image_vocabularies',
        'number_sequences',
        'rate_limits',
        'issued_uploads',
        'import_jobs',
        'import_rows',
      ]),
    );
  });

  it('are a no-op the second time', async () => {
    expect(await migrateToLatest(h.db)).toEqual([]);
  });

  it('give every company-owned table a company_id', async () => {
    // SQLite's text-search index (FTS5 tables) is keyed by product id and scoped inside the index.
    const searchIndex = (n: string) => h.dialect === 'sqlite' && n.startsWith('product_search');
    // Limit counters belong to a session or an address, which no company's call ever reads (0012).
    const notOwned = ['companies', 'rate_limits'];
    const tables = (await h.db.introspection.getTables())
      .map((t) => t.name)
      .filter((n) => !n.startsWith('kysely_') && !notOwned.includes(n) && !searchIndex(n));
    for (const table of tables)
      expect({ table, has: (await columnsOf(h, table)).includes('company_id') }).toEqual({
        table,
        has: true,
      });
  });

  it('give products a name and packing column for every language of the contract', async () => {
    const cols = await columnsOf(h, 'products');
    for (const { suffix } of LANGUAGES) {
      expect(cols).toContain(`name${suffix}`);
      expect(cols).toContain(`packing${suffix}`);
    }
  });

  it('keep money exact to four decimals and times as whole milliseconds', async () => {
    const now = 1_795_000_000_123;
    const { id: companyId } = await h.db
      .insertInto('companies')
      .values({ name: 'x', code_salt: 's', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('products')
      .values({ company_id: companyId, exworks_price: 12.3456, created_at: now, updated_at: now })
      .execute();
    const p = await h.db
      .selectFrom('products')
      .select(['exworks_price', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(p).toEqual({ exworks_price: 12.3456, created_at: now });
  });
});

/** A company with one website, made straight in the tables (for migrations' data steps). */
async function companyWithWebsite(h: DatabaseHandle, code: string, now: number) {
  const { id } = await h.db
    .insertInto('companies')
    .values({ name: code, code_salt: 's', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const site = await h.db
    .insertInto('websites')
    .values({ company_id: id, code, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { company_id: id, website_id: site.id };
}

/**
 * A migration's data step, tested on a fresh database: migrated up to the migration before it and
 * given company `a` with its website, the test writes rows as the older schema kept them, runs
 * the migration and checks what became of them.
 */
function dataStep(
  title: string,
  before: string,
  name: string,
  test: (h: DatabaseHandle, a: { company_id: number; website_id: number }) => Promise<void>,
) {
  describe(title, () => {
    let h: DatabaseHandle;
    beforeAll(async () => {
      h = await createTestDatabase(testDatabaseUrl());
    });
    afterAll(() => h.close());

    it(name, async () => {
      await migrateUpTo(h.db, before);
      await test(h, await companyWithWebsite(h, 'a', 1));
    });
  });
}

/** A sample record as an earlier version stored it: its number, and a browser's own key. */
const oldSample = (
  owner: { company_id: number; website_id: number },
  number: string,
  visitor_key: string | null = null,
) => ({
  ...owner,
  number,
  visitor_key,
  idempotency_key: number,
  company_name: 'x',
  contact: 'x',
  email: 'x@example.com',
  created_at: 1_795_000_000_000,
});

dataStep(
  '0009 on a database with records numbered by the old global sequence',
  '0008_staff_console',
  "starts each company's counter of a day after the numbers it already has",
  async (h, a) => {
    const b = await companyWithWebsite(h, 'b', 1);
    await h.db
      .insertInto('samples')
      .values([
        oldSample(a, 'S2026112600007'),
        oldSample(a, 'S2026112600012'),
        oldSample(a, 'S20261125100001'),
        oldSample(b, 'S2026112600009'),
      ])
      .execute();

    expect(await migrateUpTo(h.db, '0009_company_numbers')).toEqual(['0009_company_numbers']);
    const counters = await h.db
      .selectFrom('number_sequences')
      .select(['company_id', 'name', 'value'])
      .orderBy('company_id')
      .orderBy('name')
      .execute();
    expect(counters.map((c) => ({ ...c, value: Number(c.value) }))).toEqual([
      { company_id: a.company_id, name: 'S20261125', value: 100001 },
      { company_id: a.company_id, name: 'S20261126', value: 12 },
      { company_id: b.company_id, name: 'S20261126', value: 9 },
    ]);
  },
);

dataStep(
  '0010 on a database with records of browsers that chose their own keys',
  '0009_company_numbers',
  'keeps only the hash of each key as the owner of its records',
  async (h, a) => {
    await h.db
      .insertInto('samples')
      .values([
        oldSample(a, 'S1', 'browser-key-0001'),
        oldSample(a, 'S2', 'browser-key-0001'),
        oldSample(a, 'S3', null),
      ])
      .execute();

    await migrateToLatest(h.db);
    const owners = await h.db.selectFrom('samples').select('visitor_key').orderBy('number').execute();
    const hash = createHash('sha256').update('browser-key-0001').digest('hex');
    expect(owners.map((o) => o.visitor_key)).toEqual([hash, hash, null]);
  },
);

dataStep(
  '0013 on a database with customers and staff from before the chat',
  '0010_visitor_keys',
  "gives each a chat id, keeps the ones they had, and makes the company's service every customer's counterpart",
  async (h, { company_id }) => {
    const customer = (password_hash: string, chat_id: string | null) => ({
      company_id,
      customer_name: password_hash,
      password_hash,
      chat_id,
      chat_customer_id: 'old-service',
      created_at: 1,
      updated_at: 1,
    });
    const [plain, named] = await h.db
      .insertInto('customers')
      .values([customer('p1', null), customer('p2', 'kept-id')])
      .returning('id')
      .execute();
    const staff = await h.db
      .insertInto('staff_users')
      .values({ company_id, name: 'S', email: 's@a.test', created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrateUpTo(h.db, '0013_chat');
    const rows = await h.db
      .selectFrom('customers')
      .select(['id', 'chat_id', 'chat_customer_id'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: plain?.id, chat_id: `b${plain?.id}`, chat_customer_id: `cs${company_id}` },
      { id: named?.id, chat_id: 'kept-id', chat_customer_id: `cs${company_id}` },
    ]);
    const member = await h.db
      .selectFrom('staff_users')
      .select('chat_id')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(member.chat_id).toBe(`s${staff.id}`);
  },
);

dataStep(
  '0020 on certificates stored with one picture',
  '0019_banner_schedule',
  'makes a certificate’s picture its only picture, and one without a picture has none',
  async (h, { company_id }) => {
    const row = (name: string, picture: string) => ({
      company_id,
      kind: 'certificate' as const,
      name,
      picture,
      created_at: 1,
      updated_at: 1,
    });
    // A URL with a quote in it: the migration's JSON must still read back.
    await h.db
      .insertInto('certificates')
      .values([row('with', '/files/c1/ab/it"s.png'), row('without', '')] as never)
      .execute();

    await migrateUpTo(h.db, '0020_certificate_pictures');
    const rows = await h.db
      .selectFrom('certificates')
      .select(['name', 'pictures', 'valid_from'])
      .orderBy('name')
      .execute();
    expect(rows.map((r) => ({ ...r, pictures: JSON.parse(r.pictures) as unknown }))).toEqual([
      { name: 'with', pictures: ['/files/c1/ab/it"s.png'], valid_from: null },
      { name: 'without', pictures: [], valid_from: null },
    ]);
  },
);
