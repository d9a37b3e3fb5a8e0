import { ErrorCode, LANGUAGES } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;
const ZH = 11201001;
const HE = 11201006;

describe('company news', () => {
  let t: TestApp;
  let demo: { token: string; website: number };
  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.login('demo', 'visitor');
  });
  afterAll(() => t.close());

  it('answers the news newest first, with month and day, in the language', async () => {
    const r = await t.call('get_company_new', { lang: ZH }, demo);
    expect(r.data.total).toBe(12);
    expect(r.data.list[0]?.title).toMatch(/[\u4e00-\u9fff]/);
    const times = r.data.list.map((n) => n.published_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(r.data.list[0]?.month).toMatch(/^\d{4}-\d{2}$/);
    expect(r.data.list[0]?.day).toMatch(/^\d{2}$/);
  });

  it('falls back to English for a language the company does not write in, and says so', async () => {
    const r = await t.call('get_company_new', { lang: HE, page_size: 1 }, demo);
    const en = await t.call('get_company_new', { lang: EN, page_size: 1 }, demo);
    expect(r.data.list[0]?.title).toBe(en.data.list[0]?.title);
    expect(r.data.list[0]?.lang).toBe('en');
    const one = await t.call('get_company_new', { id: r.data.list[0]?.id, lang: HE }, demo);
    expect(one.data.detail?.lang).toBe('en');
  });

  it('falls back to Chinese, then to any language the company writes in', async () => {
    const other = await t.login('demo2', 'visitor');
    const { company_id } = await t.db
      .selectFrom('websites')
      .select('company_id')
      .where('id', '=', other.website)
      .executeTakeFirstOrThrow();
    const shown = async () =>
      (await t.call('get_company_new', { lang: HE, page_size: 1 }, other)).data.list[0]?.lang;
    const drop = (lang: string) =>
      t.db.deleteFrom('news').where('company_id', '=', company_id).where('lang', '=', lang).execute();
    await drop('en');
    expect(await shown()).toBe('zh');
    await drop('zh');
    const left = await t.db.selectFrom('news').select('lang').where('company_id', '=', company_id).execute();
    const first = LANGUAGES.find((l) => left.some((x) => x.lang === l.key))?.key;
    expect(first).toBeDefined();
    expect(await shown()).toBe(first);
    expect((await t.call('get_company_new', { lang: HE }, other)).data.total).toBe(12);
  });

  it('filters by each of the four categories', async () => {
    for (const category of [1, 2, 3, 4] as const) {
      const r = await t.call('get_company_new', { category, lang: EN }, demo);
      expect(r.data.total).toBe(3);
      for (const n of r.data.list) expect(n.category).toBe(category);
    }
  });

  it('answers one item in full by id and counts its clicks', async () => {
    const first = (await t.call('get_company_new', { lang: EN, page_size: 1 }, demo)).data.list[0];
    const r = await t.call('get_company_new', { id: first?.id, lang: EN }, demo);
    expect(r.data.detail?.content.length).toBeGreaterThan(r.data.detail?.summary.length ?? 0 - 1);
    expect((await t.call('log_new_click', { id: first?.id }, demo)).data).toEqual({ logged: 1 });
    const again = await t.call('get_company_new', { id: first?.id, lang: EN }, demo);
    expect(again.data.detail?.click_count).toBe((first?.click_count ?? 0) + 1);
  });

  it('is refused when the news function is off', async () => {
    await t.db.updateTable('websites').set({ show_news: 0 }).where('id', '=', demo.website).execute();
    const r = await t.call('get_company_new', { lang: EN }, demo);
    expect(r).toMatchObject({ code: ErrorCode.FAILED, tip: 'This page is not available on this showroom' });
  });
});
