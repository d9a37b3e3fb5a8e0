import {
  type BannerFields,
  bannerFields,
  type CategoryFields,
  categoryFields,
  ErrorCode,
  LANG_KEYS,
  type LangKey,
  type StaffBanner,
} from '@vitrine/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;
const AR = 11201005;
type Staff = { token: string; website: number };

const names = (base: string) =>
  Object.fromEntries(LANG_KEYS.map((k) => [k, k === 'zh' ? `中文${base}` : `${base} (${k})`])) as Record<
    LangKey,
    string
  >;

const png = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#2181ed' } })
    .png()
    .toBuffer();

const bannerOf = (b: StaffBanner): BannerFields => ({
  position: 'home',
  titles: b.titles,
  picture: b.picture,
  link: b.link,
  status: b.status,
  starts_at: b.starts_at,
  ends_at: b.ends_at,
});

describe('the showroom content kept in the console', () => {
  let t: TestApp;
  let owner: Staff;
  let sales: Staff;
  let service: Staff;
  let foreign: Staff;
  let buyer: Awaited<ReturnType<TestApp['login']>>;

  // Totals cached as long as in production (30 s): the writes must drop them, not time.
  beforeAll(async () => {
    t = await createTestApp({ countCacheMs: 30_000 });
    owner = await t.staffLogin('demo', 'owner');
    sales = await t.staffLogin('demo', 'sales');
    service = await t.staffLogin('demo', 'service');
    foreign = await t.staffLogin('demo2', 'owner');
    buyer = await t.login('demo', 'customer');
  });
  afterAll(() => t.close());

  const must = async <T>(p: Promise<{ code: number; tip: string; data: T }>): Promise<T> => {
    const r = await p;
    if (r.code !== 0) throw new Error(r.tip);
    return r.data;
  };
  const upload = async (who: Staff) => {
    const credential = await t.call('staff_get_upload_credential', { content_type: 'image/png' }, who);
    const sent = await t.upload(credential.data, await png());
    if (sent.status !== 204) throw new Error(`upload: ${sent.status}`);
    return credential.data.file_url;
  };

  describe('categories', () => {
    const saveCategory = (who: Staff, category: Partial<CategoryFields>, id?: number, updated_at?: number) =>
      t.call(
        'staff_save_category',
        { id, updated_at, category: categoryFields.parse({ names: names('Kites'), ...category }), lang: EN },
        who,
      );

    it('creates a top level and a subcategory with names in 16 languages, last of their level', async () => {
      const top = await must(saveCategory(sales, {}));
      expect(top).toMatchObject({ parent_id: null, names: names('Kites'), status: 1, product_count: 0 });
      const child = await must(saveCategory(sales, { parent_id: top.id, names: names('Stunt kites') }));
      const list = (await must(t.call('staff_list_categories', {}, service))).list;
      const tops = list.filter((k) => k.parent_id === null);
      expect(tops.at(-1)?.id).toBe(top.id);
      // The tree reads as one list: each top level followed by its children.
      expect(list[list.findIndex((k) => k.id === top.id) + 1]?.id).toBe(child.id);
      // Buyers see it at once, in their language.
      const tree = await must(t.call('get_category', { lang: AR }, buyer));
      const shown = tree.find((k) => k.id === top.id);
      expect(shown).toMatchObject({ name: 'Kites (ar)' });
      expect(shown?.children?.map((k) => k.id)).toEqual([child.id]);
    });

    it('keeps two levels: no parent below a subcategory, no parent of its own', async () => {
      const top = await must(saveCategory(owner, {}));
      const child = await must(saveCategory(owner, { parent_id: top.id }));
      expect((await saveCategory(owner, { parent_id: child.id })).code).toBe(ErrorCode.BAD_REQUEST);
      const self = await saveCategory(owner, { parent_id: top.id }, top.id, top.updated_at);
      expect(self.code).toBe(ErrorCode.BAD_REQUEST);
    });

    it('edits with the updated_at read, and refuses a colleague’s stale save', async () => {
      const made = await must(saveCategory(sales, {}));
      const edited = await must(
        saveCategory(owner, { names: names('Board games'), status: 0 }, made.id, made.updated_at),
      );
      expect(edited).toMatchObject({ names: { en: 'Board games (en)' }, status: 0 });
      const stale = await saveCategory(sales, { names: names('Puzzles') }, made.id, made.updated_at);
      expect(stale.code).toBe(ErrorCode.CONFLICT);
      // A hidden category is not the buyers'.
      const tree = await must(t.call('get_category', {}, buyer));
      expect(tree.map((k) => k.id)).not.toContain(made.id);
    });

    it('stores an uploaded picture re-encoded, by its content, and refuses one that is not an upload', async () => {
      const url = await upload(sales);
      const made = await must(saveCategory(sales, { picture: url }));
      expect(made.picture).not.toBe(url);
      expect(made.picture).toMatch(/\/c\d+\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      // The same picture again is the same stored file.
      const again = await must(saveCategory(sales, { picture: await upload(sales) }));
      expect(again.picture).toBe(made.picture);
      const bad = await saveCategory(sales, { picture: 'https://elsewhere.example/x.png' });
      expect(bad.code).toBe(ErrorCode.BAD_REQUEST);
    });

    it('orders one level, deletes a category without subcategories, and buyers see both at once', async () => {
      const a = await must(saveCategory(sales, { names: names('Alpha') }));
      const b = await must(saveCategory(sales, { names: names('Beta') }));
      const child = await must(saveCategory(sales, { parent_id: a.id }));
      const tops = (await must(t.call('staff_list_categories', {}, sales))).list
        .filter((k) => k.parent_id === null)
        .map((k) => k.id);
      const reordered = [b.id, a.id, ...tops.filter((id) => id !== a.id && id !== b.id)];
      await must(t.call('staff_order_content', { kind: 'category', ids: reordered }, sales));
      const tree = await must(t.call('get_category', {}, buyer));
      expect(tree.map((k) => k.id).slice(0, 2)).toEqual([b.id, a.id]);
      // Two levels in one order are refused.
      expect(
        (await t.call('staff_order_content', { kind: 'category', ids: [a.id, child.id] }, sales)).code,
      ).toBe(ErrorCode.BAD_REQUEST);
      const withChild = await t.call('staff_delete_content', { kind: 'category', id: a.id }, sales);
      expect(withChild.code).toBe(ErrorCode.FAILED);
      await must(t.call('staff_delete_content', { kind: 'category', id: child.id }, sales));
      await must(t.call('staff_delete_content', { kind: 'category', id: a.id }, sales));
      expect((await must(t.call('get_category', {}, buyer))).map((k) => k.id)).not.toContain(a.id);
    });
  });

  describe('banners', () => {
    const base = (over: Partial<BannerFields> = {}) =>
      bannerFields.parse({
        titles: { en: 'Spring fair', ar: 'معرض الربيع', zh: '春季展' },
        picture: 'x',
        ...over,
      });

    it('creates a banner with titles per language and a link to a product; buyers see it in Arabic at once', async () => {
      const product = (await must(t.call('get_list', { page_size: 1 }, buyer))).list[0];
      if (!product) throw new Error('no product');
      const made = await must(
        t.call(
          'staff_save_banner',
          { banner: base({ picture: await upload(sales), link: { kind: 'product', id: product.id } }) },
          sales,
        ),
      );
      expect(made).toMatchObject({ link: { kind: 'product', id: product.id }, shown_now: true });
      const shown = (await must(t.call('get_advert', { lang: AR }, buyer))).find((a) => a.id === made.id);
      expect(shown).toMatchObject({
        title: 'معرض الربيع',
        link: `/productDetails?id=${product.id}`,
        picture: made.picture,
      });
    });

    it('links to a category or a page, and refuses another company’s product', async () => {
      const picture = await upload(sales);
      const category = (await must(t.call('staff_list_categories', {}, sales))).list[0];
      const toCategory = await must(
        t.call(
          'staff_save_banner',
          { banner: base({ picture, link: { kind: 'category', id: category?.id ?? 0 } }) },
          sales,
        ),
      );
      expect((await must(t.call('get_advert', {}, buyer))).find((a) => a.id === toCategory.id)?.link).toBe(
        `/productDisplay?category=${category?.id}`,
      );
      const toPage = await must(
        t.call(
          'staff_save_banner',
          { banner: base({ picture, link: { kind: 'page', path: '/companyNews' } }) },
          sales,
        ),
      );
      expect(toPage.link).toEqual({ kind: 'page', path: '/companyNews' });
      const theirs = (await must(t.call('staff_list_products', { page_size: 1 }, foreign))).list[0];
      const refused = await t.call(
        'staff_save_banner',
        { banner: base({ picture, link: { kind: 'product', id: theirs?.id ?? 0 } }) },
        sales,
      );
      expect(refused.code).toBe(ErrorCode.BAD_REQUEST);
    });

    it('shows a banner only within its schedule', async () => {
      const now = t.clock.now();
      const later = await must(
        t.call(
          'staff_save_banner',
          { banner: base({ picture: await upload(sales), starts_at: now + 3_600_000 }) },
          sales,
        ),
      );
      expect(later.shown_now).toBe(false);
      expect((await must(t.call('get_advert', {}, buyer))).map((a) => a.id)).not.toContain(later.id);
      t.clock.advance(3_600_000);
      expect((await must(t.call('get_advert', {}, buyer))).map((a) => a.id)).toContain(later.id);
      const ended = await must(
        t.call(
          'staff_save_banner',
          {
            id: later.id,
            updated_at: later.updated_at,
            banner: { ...bannerOf(later), ends_at: t.clock.now() + 1000 },
          },
          sales,
        ),
      );
      expect((await must(t.call('get_advert', {}, buyer))).map((a) => a.id)).toContain(ended.id);
      t.clock.advance(1000);
      expect((await must(t.call('get_advert', {}, buyer))).map((a) => a.id)).not.toContain(ended.id);
      const backwards = await t.call(
        'staff_save_banner',
        { banner: { ...bannerOf(later), starts_at: now + 10, ends_at: now } },
        sales,
      );
      expect(backwards.code).toBe(ErrorCode.BAD_REQUEST);
    });

    it('orders and deletes banners, and buyers see the order at once', async () => {
      const ids = (await must(t.call('staff_list_banners', {}, sales))).list
        .filter((b) => b.shown_now)
        .map((b) => b.id);
      const reversed = [...ids].reverse();
      await must(t.call('staff_order_content', { kind: 'banner', ids: reversed }, sales));
      expect((await must(t.call('get_advert', {}, buyer))).map((a) => a.id)).toEqual(reversed);
      await must(t.call('staff_delete_content', { kind: 'banner', id: reversed[0] ?? 0 }, owner));
      expect((await must(t.call('get_advert', {}, buyer))).map((a) => a.id)).toEqual(reversed.slice(1));
    });
  });

  describe('news', () => {
    const write = (who: Staff, over: Record<string, unknown> = {}, id?: number, updated_at?: number) =>
      t.call(
        'staff_save_news',
        {
          id,
          updated_at,
          news: {
            category: 2,
            lang: 'ar',
            title: 'كتالوج الخريف',
            content: 'وصل الكتالوج الجديد.',
            published_at: Date.UTC(2026, 10, 20),
            ...over,
          },
        },
        who,
      );

    it('writes news in a language of the four categories; buyers reading that language see it at once', async () => {
      const made = await must(write(sales));
      const page = await must(t.call('get_company_new', { category: 2, lang: AR }, buyer));
      expect(page.list.find((n) => n.id === made.id)).toMatchObject({
        title: 'كتالوج الخريف',
        month: '2026-11',
        day: '20',
      });
      expect((await write(sales, { category: 5 })).code).toBe(ErrorCode.BAD_REQUEST);
    });

    it('edits, keeps a draft from buyers, refuses a stale save, and deletes', async () => {
      const made = await must(write(sales, { lang: '', title: 'Trade fair dates' }));
      const draft = await must(
        write(owner, { lang: '', title: 'Trade fair dates', status: 0 }, made.id, made.updated_at),
      );
      expect(draft.status).toBe(0);
      expect(
        (await must(t.call('get_company_new', { page_size: 50 }, buyer))).list.map((n) => n.id),
      ).not.toContain(made.id);
      expect((await write(sales, { lang: '' }, made.id, made.updated_at)).code).toBe(ErrorCode.CONFLICT);
      const listed = await must(t.call('staff_list_news', { language: '', lang: EN }, service));
      expect(listed.list.find((n) => n.id === made.id)).toMatchObject({
        status: 0,
        title: 'Trade fair dates',
      });
      await must(t.call('staff_delete_content', { kind: 'news', id: made.id }, sales));
      expect(
        (await must(t.call('staff_list_news', { page_size: 100 }, sales))).list.map((n) => n.id),
      ).not.toContain(made.id);
    });
  });

  describe('showrooms and booths', () => {
    it('creates a showroom and a booth with products in order; buyers see the booth and its products at once', async () => {
      const room = await must(
        t.call('staff_save_showroom', { showroom: { name: '汕头展厅', name_en: 'Shantou showroom' } }, sales),
      );
      const products = (await must(t.call('get_list', { page_size: 3 }, buyer))).list.map((p) => p.id);
      const booth = await must(
        t.call(
          'staff_save_booth',
          { booth: { showroom_id: room.id, booth_number: 'A-12', name_en: 'Kites', product_ids: products } },
          sales,
        ),
      );
      expect(booth.products.map((p) => p.id)).toEqual(products);
      const rooms = await must(t.call('get_showroom', { lang: EN }, buyer));
      expect(rooms.find((r) => r.id === room.id)).toMatchObject({ name: 'Shantou showroom', booth_count: 1 });
      const inBooth = await must(t.call('get_booth_toy', { id: booth.id }, buyer));
      expect(inBooth.list.map((p) => p.id)).toEqual(products);
      expect(inBooth.total).toBe(3);
      // The total was cached (30 s): a change of the booth's products is counted at once.
      const fewer = await must(
        t.call(
          'staff_save_booth',
          {
            id: booth.id,
            updated_at: booth.updated_at,
            booth: {
              showroom_id: room.id,
              booth_number: 'A-12',
              name_en: 'Kites',
              product_ids: products.slice(0, 1),
            },
          },
          owner,
        ),
      );
      expect(fewer.products).toHaveLength(1);
      const after = await must(t.call('get_booth_toy', { id: booth.id }, buyer));
      expect({ total: after.total, ids: after.list.map((p) => p.id) }).toEqual({
        total: 1,
        ids: products.slice(0, 1),
      });
    });

    it('refuses another company’s products and showroom, and a stale save', async () => {
      const room = await must(t.call('staff_save_showroom', { showroom: { name_en: 'Hall 2' } }, sales));
      const theirs = (await must(t.call('staff_list_products', { page_size: 1 }, foreign))).list[0]?.id ?? 0;
      const refused = await t.call(
        'staff_save_booth',
        { booth: { showroom_id: room.id, booth_number: 'B-1', product_ids: [theirs] } },
        sales,
      );
      expect(refused.code).toBe(ErrorCode.BAD_REQUEST);
      const theirRoom = (await must(t.call('staff_list_showrooms', {}, foreign))).list[0]?.id ?? 0;
      expect(
        (await t.call('staff_save_booth', { booth: { showroom_id: theirRoom, booth_number: 'B-1' } }, sales))
          .code,
      ).toBe(ErrorCode.BAD_REQUEST);
      const edited = await must(
        t.call(
          'staff_save_showroom',
          { id: room.id, updated_at: room.updated_at, showroom: { name_en: 'Hall 2 (ground floor)' } },
          owner,
        ),
      );
      expect(edited.name_en).toBe('Hall 2 (ground floor)');
      const stale = await t.call(
        'staff_save_showroom',
        { id: room.id, updated_at: room.updated_at, showroom: { name_en: 'Hall two' } },
        sales,
      );
      expect(stale.code).toBe(ErrorCode.CONFLICT);
    });

    it('orders a showroom’s booths and deletes a booth and a showroom with its booths', async () => {
      const room = await must(t.call('staff_save_showroom', { showroom: { name_en: 'Hall 3' } }, sales));
      const booth = (n: string) =>
        must(t.call('staff_save_booth', { booth: { showroom_id: room.id, booth_number: n } }, sales));
      const [a, b, c] = [await booth('C-1'), await booth('C-2'), await booth('C-3')];
      await must(t.call('staff_order_content', { kind: 'booth', ids: [c.id, a.id, b.id] }, sales));
      expect(
        (await must(t.call('get_booth_list', { showroom_id: room.id }, buyer))).map((x) => x.id),
      ).toEqual([c.id, a.id, b.id]);
      const detail = await must(t.call('get_booth_detail', { id: a.id }, buyer));
      expect({ previous: detail.previous_id, next: detail.next_id }).toEqual({ previous: c.id, next: b.id });
      await must(t.call('staff_delete_content', { kind: 'booth', id: a.id }, sales));
      expect(
        (await must(t.call('get_booth_list', { showroom_id: room.id }, buyer))).map((x) => x.id),
      ).toEqual([c.id, b.id]);
      await must(t.call('staff_delete_content', { kind: 'showroom', id: room.id }, sales));
      expect((await t.call('staff_get_booth', { id: b.id }, sales)).code).toBe(ErrorCode.FAILED);
      expect((await must(t.call('get_showroom', {}, buyer))).map((r) => r.id)).not.toContain(room.id);
    });
  });

  describe('roles, scoping and the audit', () => {
    it('lets a service user read the content but write none of it', async () => {
      expect((await t.call('staff_list_categories', {}, service)).code).toBe(0);
      expect((await t.call('staff_list_banners', {}, service)).code).toBe(0);
      expect((await t.call('staff_list_news', {}, service)).code).toBe(0);
      expect((await t.call('staff_list_showrooms', {}, service)).code).toBe(0);
      const writes = [
        t.call('staff_save_category', { category: { names: { en: 'X' } } }, service),
        t.call('staff_save_news', { news: { category: 1, title: 'X', published_at: 0 } }, service),
        t.call('staff_save_showroom', { showroom: { name_en: 'X' } }, service),
        t.call('staff_order_content', { kind: 'banner', ids: [1] }, service),
        t.call('staff_delete_content', { kind: 'news', id: 1 }, service),
      ];
      for (const r of await Promise.all(writes)) expect(r.code).toBe(ErrorCode.FORBIDDEN);
    });

    it('finds none of another company’s content: lists hold the company’s own, ids are not found', async () => {
      const theirs = await must(t.call('staff_list_categories', {}, foreign));
      const ours = await must(t.call('staff_list_categories', {}, owner));
      expect(ours.list.map((k) => k.id)).not.toEqual(expect.arrayContaining([theirs.list[0]?.id]));
      const theirBanners = (await must(t.call('staff_list_banners', {}, foreign))).list.map((b) => b.id);
      expect((await t.call('staff_order_content', { kind: 'banner', ids: theirBanners }, owner)).code).toBe(
        ErrorCode.FAILED,
      );
      expect(
        (await t.call('staff_delete_content', { kind: 'banner', id: theirBanners[0] ?? 0 }, owner)).code,
      ).toBe(ErrorCode.FAILED);
      expect((await must(t.call('staff_list_banners', {}, foreign))).list.map((b) => b.id)).toEqual(
        theirBanners,
      );
    });

    it('audits each write with what it changed', async () => {
      const made = await must(
        t.call('staff_save_showroom', { showroom: { name_en: 'Audited hall' } }, owner),
      );
      const entry = await t.db
        .selectFrom('audit_log')
        .select(['action', 'target', 'after'])
        .where('target', '=', `showroom:${made.id}`)
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ action: 'staff_save_showroom' });
      expect(JSON.parse(entry.after ?? '{}')).toMatchObject({ name_en: 'Audited hall' });
    });
  });
});
