import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;

describe('showrooms and booths', () => {
  let t: TestApp;
  let demo: { token: string; website: number };
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 30 });
    demo = await t.login('demo', 'visitor');
  });
  afterAll(() => t.close());

  it('answers the showroom with its booth count, named in English mode', async () => {
    const r = await t.call('get_showroom', { lang: EN }, demo);
    expect(r.data).toEqual([
      expect.objectContaining({ booth_count: 6, name: expect.stringMatching(/Showroom$/) }),
    ]);
  });

  it('lists the booths in order, each with a picture source and product count', async () => {
    const booths = (await t.call('get_booth_list', { lang: EN }, demo)).data;
    expect(booths.map((b) => b.booth_number)).toEqual(['A101', 'A102', 'A103', 'B101', 'B102', 'B103']);
    for (const b of booths) expect(b.product_count).toBe(8);
  });

  it('moves through the booths with previous and next', async () => {
    const booths = (await t.call('get_booth_list', {}, demo)).data;
    const first = await t.call('get_booth_detail', { id: booths[0]?.id }, demo);
    expect(first.data).toMatchObject({ previous_id: null, next_id: booths[1]?.id });
    const last = await t.call('get_booth_detail', { id: booths.at(-1)?.id }, demo);
    expect(last.data).toMatchObject({ previous_id: booths.at(-2)?.id, next_id: null });
  });

  it('answers the products of a booth', async () => {
    const booth = (await t.call('get_booth_list', {}, demo)).data[0];
    const r = await t.call('get_booth_toy', { id: booth?.id }, demo);
    expect(r.data.total).toBe(8);
    const linked = await t.db
      .selectFrom('booth_products')
      .select('product_id')
      .where('booth_id', '=', booth?.id ?? 0)
      .execute();
    expect(r.data.list.map((p) => p.id).sort()).toEqual(linked.map((l) => l.product_id).sort());
  });

  it("does not open the other company's booth", async () => {
    const demo2 = await t.login('demo2', 'visitor');
    const theirs = (await t.call('get_booth_list', {}, demo2)).data[0];
    expect((await t.call('get_booth_detail', { id: theirs?.id }, demo)).code).toBe(-1);
    expect((await t.call('get_booth_toy', { id: theirs?.id }, demo)).data.total).toBe(0);
  });

  it('answers the banners of a position', async () => {
    const r = await t.call('get_advert', {}, demo);
    expect(r.code).toBe(0);
    expect(r.data.length).toBeGreaterThan(0);
    for (const a of r.data) expect(a.picture).toMatch(/^\/files\//);
  });

  it("titles the banners in the buyer's language, falling back to English, then to the title as written", async () => {
    const titles = async (lang: number) =>
      (await t.call('get_advert', { lang }, demo)).data.map((a) => a.title);
    expect(await titles(EN)).toEqual(['New arrivals', 'Spot goods, ready to ship', 'GCC collection']);
    expect((await titles(11201005))[0]).toBe('وصل حديثًا');
    expect((await titles(11201001))[0]).toBe('新品上市');

    const first = await t.db.selectFrom('adverts').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db
      .updateTable('adverts')
      .set({ titles: JSON.stringify({ en: 'Fresh in' }) })
      .where('id', '=', first.id)
      .execute();
    expect((await titles(11201005))[0]).toBe('Fresh in');
    await t.db.updateTable('adverts').set({ titles: 'not json' }).where('id', '=', first.id).execute();
    expect((await titles(11201005))[0]).toBe('New arrivals');
  });
});
