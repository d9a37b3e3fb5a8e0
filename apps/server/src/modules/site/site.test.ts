import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('get_website_info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the public settings of the site named by its code', async () => {
    const r = await t.call('get_website_info', { site: 'demo' });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      site: 'demo',
      company_name_en: 'Starlight Toys Import & Export Co., Ltd.',
      template_style: 1,
      template_color: 1,
      default_lang: 11201002,
      toy_type: 1,
      show_price: 1,
      trade_terms: 2,
      money_unit: 'USD',
      show_function: { news: 1, about_us: 1, contact: 1 },
    });
    expect(r.data.company_logo).toMatch(/^\/files\/.+\.png$/);
  });

  it('wears another company’s settings on the second demo site', async () => {
    const r = await t.call('get_website_info', { site: 'demo2' });
    expect(r.data).toMatchObject({
      site: 'demo2',
      template_style: 3,
      template_color: 4,
      default_lang: 11201005,
      show_price: 0,
      toy_type: 2,
    });
    expect(r.data.company_id).not.toBe((await t.call('get_website_info', { site: 'demo' })).data.company_id);
  });

  it('reads the site code case-insensitively', async () => {
    expect((await t.call('get_website_info', { site: 'DEMO2' })).data.site).toBe('demo2');
  });

  it('falls back to the default site when neither body nor host names one', async () => {
    expect((await t.call('get_website_info', {})).data.site).toBe('demo');
  });

  it("finds a company by its own domain from the request's host name", async () => {
    await t.db
      .updateTable('websites')
      .set({ domain: 'showroom.desertrose.example' })
      .where('code', '=', 'demo2')
      .execute();
    const r = await t.call('get_website_info', {}, { headers: { host: 'showroom.desertrose.example:8080' } });
    expect(r.data.site).toBe('demo2');
  });

  it('answers an unknown site code with -106 and a tip', async () => {
    const r = await t.call('get_website_info', { site: 'nowhere' });
    expect(r).toEqual({ code: -106, data: null, tip: 'This showroom could not be found' });
  });

  it('does not answer a disabled website', async () => {
    await t.db.updateTable('websites').set({ status: 0 }).where('code', '=', 'demo2').execute();
    expect((await t.call('get_website_info', { site: 'demo2' })).code).toBe(-106);
    await t.db.updateTable('websites').set({ status: 1 }).where('code', '=', 'demo2').execute();
  });
});

describe('website settings in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ websiteCacheMs: 2000 });
  });
  afterAll(() => t.close());

  it('serves a changed setting once the cache time has passed', async () => {
    const { token, website } = await t.login('demo', 'visitor');
    const again = () => t.call('get_website_again', {}, { website, token });
    expect((await again()).data.site.template_color).toBe(1);
    await t.db.updateTable('websites').set({ template_color: 5 }).where('id', '=', website).execute();
    expect((await again()).data.site.template_color).toBe(1);
    t.clock.advance(2000);
    expect((await again()).data.site.template_color).toBe(5);
  });

  it('stops answering a disabled website once the cache time has passed', async () => {
    const { token, website } = await t.login('demo2', 'visitor');
    await t.db.updateTable('websites').set({ status: 0 }).where('id', '=', website).execute();
    t.clock.advance(2000);
    expect((await t.call('get_website_again', {}, { website, token })).code).toBe(-106);
  });
});
