import { LANGUAGES } from '@vitrine/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemo } from './demo';
import { seedDemoActivity } from './demo-activity';

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await seedDemo(t.db, t.storage, t.clock, { productsPerCompany: 80, pictures: false });
  });
  afterAll(() => t.close());

  it('creates two exporters, each with its own website', async () => {
    const sites = await t.db.selectFrom('websites').select(['code', 'company_id']).orderBy('code').execute();
    expect(sites.map((s) => s.code)).toEqual(['demo', 'demo2']);
    expect(new Set(sites.map((s) => s.company_id)).size).toBe(2);
  });

  it('names and packs every product in all 16 languages', async () => {
    const products = await t.db.selectFrom('products').selectAll().execute();
    expect(products).toHaveLength(160);
    for (const p of products) {
      for (const l of LANGUAGES) {
        expect(p[`name${l.suffix}` as 'name'].length).toBeGreaterThan(3);
        expect(p[`packing${l.suffix}` as 'packing'].length).toBeGreaterThan(1);
      }
    }
    // Names differ across languages, so each language really is translated.
    const first = products[0];
    expect(new Set(LANGUAGES.map((l) => first?.[`name${l.suffix}` as 'name'])).size).toBeGreaterThan(12);
  });

  it('writes the news and the about text of the first exporter in more languages than three', async () => {
    const company = await t.db
      .selectFrom('websites')
      .select('company_id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const news = await t.db
      .selectFrom('news')
      .select(['lang', 'title', 'content'])
      .where('company_id', '=', company.company_id)
      .execute();
    const byLang = new Map<string, typeof news>();
    for (const n of news) byLang.set(n.lang, [...(byLang.get(n.lang) ?? []), n]);
    expect([...byLang.keys()].sort()).toEqual(['ar', 'en', 'es', 'ru', 'zh']);
    // Every language has every item, each its own text.
    for (const items of byLang.values()) expect(items).toHaveLength(12);
    expect(new Set(news.map((n) => n.title)).size).toBe(news.length);
    expect(byLang.get('ru')?.every((n) => /[\u0400-\u04ff]/.test(n.content))).toBe(true);

    const about = await t.db
      .selectFrom('company_texts')
      .select(['lang', 'body'])
      .where('company_id', '=', company.company_id)
      .where('kind', '=', 'about')
      .execute();
    expect(about.map((a) => a.lang).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'pt', 'ru', 'zh']);
    expect(new Set(about.map((a) => a.body)).size).toBe(about.length);
    for (const a of about) expect(a.body.split('\n\n')).toHaveLength(3);
  });

  it('spreads the flags over the catalogue', async () => {
    for (const flag of ['is_new', 'is_spot', 'is_gcc', 'is_hot', 'is_recommend', 'is_cash_sale'] as const) {
      const { n } = await t.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(flag, '=', 1)
        .executeTakeFirstOrThrow();
      expect({ flag, some: Number(n) > 0, notAll: Number(n) < 160 }).toEqual({
        flag,
        some: true,
        notAll: true,
      });
    }
  });

  it('builds two levels of categories and gives each product a leaf', async () => {
    const parents = await t.db.selectFrom('categories').select('id').where('parent_id', 'is', null).execute();
    expect(parents).toHaveLength(16);
    const orphans = await t.db
      .selectFrom('products as p')
      .leftJoin('categories as c', 'c.id', 'p.category_id')
      .select('p.id')
      .where((eb) => eb.or([eb('c.id', 'is', null), eb('c.parent_id', 'is', null)]))
      .execute();
    expect(orphans).toEqual([]);
  });

  it("never links one company's rows to the other's", async () => {
    const crossings = await sql<{ n: number }>`
      select count(*) as n from products p
        left join categories c on c.id = p.category_id
        left join factories f on f.id = p.factory_id
       where c.company_id <> p.company_id or f.company_id <> p.company_id`.execute(t.db);
    expect(Number(crossings.rows[0]?.n)).toBe(0);
    const booths = await sql<{ n: number }>`
      select count(*) as n from booth_products bp join products p on p.id = bp.product_id where p.company_id <> bp.company_id`.execute(
      t.db,
    );
    expect(Number(booths.rows[0]?.n)).toBe(0);
  });

  it('adds hot areas, a showroom with booths, certificates, news and contacts', async () => {
    const count = async (
      table: 'hot_areas' | 'booths' | 'certificates' | 'news' | 'company_contacts' | 'product_hot_areas',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('hot_areas')).toBe(16);
    expect(await count('booths')).toBe(12);
    expect(await count('certificates')).toBe(14);
    expect(await count('news')).toBeGreaterThanOrEqual(24);
    expect(await count('company_contacts')).toBe(2);
    expect(await count('product_hot_areas')).toBeGreaterThan(0);
  });

  it('gives some products of each company a real 3D model, served as binary glTF', async () => {
    const models = await t.db
      .selectFrom('products')
      .select(['company_id', 'model_url'])
      .where('is_3d', '=', 1)
      .execute();
    for (const companyId of new Set(models.map((m) => m.company_id))) {
      const n = models.filter((m) => m.company_id === companyId).length;
      expect(n).toBeGreaterThan(3);
      expect(n).toBeLessThanOrEqual(12);
    }
    expect(new Set(models.map((m) => m.company_id)).size).toBe(2);
    const res = await t.app.inject({ method: 'GET', url: models[0]?.model_url ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('model/gltf-binary');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
  });

  it('seeds nothing twice', async () => {
    const lines: string[] = [];
    await seedDemo(t.db, t.storage, t.clock, {
      productsPerCompany: 5,
      pictures: false,
      log: (l) => lines.push(l),
    });
    expect(lines).toEqual(['demo: already present, left as it is', 'demo2: already present, left as it is']);
    const { n } = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(160);
  });
});

describe('the demo seed with pictures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await seedDemo(t.db, t.storage, t.clock, { productsPerCompany: 3, pictures: true });
  });
  afterAll(() => t.close());

  it('stores two JPEG pictures per product, served from /files/', async () => {
    const pictures = await t.db
      .selectFrom('product_pictures as pp')
      .innerJoin('files as f', 'f.id', 'pp.file_id')
      .select(['f.storage_key', 'f.content_type', 'f.company_id', 'pp.company_id as owner'])
      .execute();
    expect(pictures).toHaveLength(12);
    for (const p of pictures) {
      expect(p.content_type).toBe('image/jpeg');
      expect(p.company_id).toBe(p.owner);
      const res = await t.app.inject({ method: 'GET', url: t.storage.publicUrl(p.storage_key) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it("gives every top-level category a picture tile of the company's own", async () => {
    const parents = await t.db
      .selectFrom('categories')
      .select(['company_id', 'picture'])
      .where('parent_id', 'is', null)
      .execute();
    expect(parents.length).toBeGreaterThan(0);
    for (const c of parents) {
      expect(c.picture).toMatch(new RegExp(`^/files/c${c.company_id}/`));
      const res = await t.app.inject({ method: 'GET', url: c.picture });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("the demo's first buyer activity", () => {
  it('leaves applications and sample lists waiting in each console, made through the buyers own calls', async () => {
    const t = await createTestApp({ productsPerCompany: 30 });
    try {
      expect(await seedDemoActivity(t.app)).toHaveLength(2);
      for (const site of ['demo', 'demo2'] as const) {
        const owner = await t.staffLogin(site, 'owner');
        expect((await t.call('staff_get_counts', {}, owner)).data).toEqual({
          new_applications: 3,
          new_samples: 3,
        });
        const lists = await t.call('staff_list_samples', {}, owner);
        expect(lists.data.list.map((l) => l.product_count)).toEqual([9, 4, 6]);
        const orders = await t.call('staff_list_orders', {}, owner);
        expect(orders.data.list.map((o) => o.status).sort()).toEqual(
          [
            'draft',
            'quoted',
            'pending_payment',
            'pending_payment',
            'pending_final_payment',
            'shipped',
          ].sort(),
        );
        expect((await t.call('staff_get_order_counts', {}, owner)).data.new_vouchers).toBe(1);
      }
    } finally {
      await t.close();
    }
  });
});

describe('the demo seed’s product videos, descriptions and remarks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await seedDemo(t.db, t.storage, t.clock, { productsPerCompany: 24, pictures: false, videos: true });
  });
  afterAll(() => t.close());

  it('gives a share of the products a WebM video that is stored, and shows it on the product page', async () => {
    const products = await t.db.selectFrom('products').select(['id', 'company_id', 'video_url']).execute();
    const withVideo = products.filter((p) => p.video_url);
    expect(withVideo.length).toBeGreaterThan(0);
    expect(withVideo.length).toBeLessThan(products.length / 4);
    for (const p of withVideo) {
      const key = t.storage.keyOfUrl(p.video_url);
      const file = key ? await t.storage.read(key) : null;
      // An EBML (Matroska) file of the WebM doc type with a VP8 track, small enough for a demo.
      expect(file?.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(file?.includes(Buffer.from('webm'))).toBe(true);
      expect(file?.includes(Buffer.from('V_VP8'))).toBe(true);
      expect(file?.length).toBeLessThan(300_000);
    }
    const demo = await t.login('demo', 'visitor');
    const first = withVideo.find((p) => p.company_id === withVideo[0]?.company_id);
    const detail = await t.call('get_toy_detail', { id: first?.id, lang: 11201002 }, demo);
    expect(detail.data.video_url).toBe(first?.video_url);
  });

  it('describes a share of the products and adds a remark to some, in the exporter’s language', async () => {
    const rows = await t.db
      .selectFrom('products as p')
      .innerJoin('websites as w', 'w.company_id', 'p.company_id')
      .select(['p.id', 'w.code', 'p.description', 'p.remark'])
      .execute();
    for (const code of ['demo', 'demo2']) {
      const mine = rows.filter((r) => r.code === code);
      const described = mine.filter((r) => r.description);
      const remarked = mine.filter((r) => r.remark);
      expect(described.length).toBeGreaterThan(0);
      expect(described.length).toBeLessThan(mine.length);
      expect(remarked.length).toBeGreaterThan(0);
      // The first exporter writes in English, the second (Arabic by default) in Arabic.
      const arabic = /[\u0600-\u06ff]/;
      for (const r of [...described.map((d) => d.description), ...remarked.map((d) => d.remark)]) {
        expect(arabic.test(r)).toBe(code === 'demo2');
      }
    }
    const demo = await t.login('demo', 'visitor');
    const both = rows.find((r) => r.code === 'demo' && r.description && r.remark);
    expect(both).toBeDefined();
    const detail = await t.call('get_toy_detail', { id: both?.id, lang: 11201002 }, demo);
    expect(detail.data).toMatchObject({ description: both?.description, remark: both?.remark });
  });
});
