import { ANALYTICS_LIMITS, ErrorCode, type ProductCard, type StaffAnalytics } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { picture } from '../../test/orders';

const DAY = 86_400_000;
const EN = 11201002;
const ZH = 11201001;

type Buyer = Awaited<ReturnType<TestApp['login']>>;

describe('staff analytics', () => {
  let t: TestApp;
  let visitor: Buyer;
  let customer: Buyer;
  let products: ProductCard[];
  let owner: { token: string; website: number };
  /** The clock's day (2026-11-22, UTC) and the one after: the period the events fall in. */
  const period = { from: '2026-11-22', to: '2026-11-23', lang: EN };

  const report = async (body: Record<string, unknown> = period, as = owner) => {
    const r = await t.call('staff_get_analytics', body, as);
    expect({ code: r.code, tip: r.tip }).toMatchObject({ code: 0 });
    return r.data as StaffAnalytics;
  };
  const photoSearch = async (who: Buyer) => {
    const auth = (await t.call('get_temp_auth', { content_type: 'image/png' }, who)).data;
    expect((await t.upload(auth, await picture('png', 400, 400))).status).toBe(204);
    const r = await t.call('image_search', { url: auth.file_url }, who);
    expect(r.code).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp();
    visitor = await t.login('demo', 'visitor');
    customer = await t.login('demo', 'customer');
    owner = await t.staffLogin('demo', 'owner');
    products = (await t.call('get_list', { page_size: 3 }, visitor)).data.list;
    const [a, b, c] = products as [ProductCard, ProductCard, ProductCard];

    // Day one (2026-11-22): the visitor opens a three times, b once, selects a; the customer opens a.
    for (const id of [a.id, a.id, a.id, b.id])
      await t.call('website_toy_browse', { path: `/productDetails?id=${id}`, toy_id: id }, visitor);
    await t.call('website_toy_browse', { path: '/home' }, visitor);
    await t.call('toy_select_log', { toy_id: a.id }, visitor);
    await t.call('website_toy_browse', { path: '/productDetails', toy_id: a.id }, customer);
    // Searches: one that finds, one that finds nothing (twice by the visitor: once within a minute).
    await t.call('get_list', { keyword: a.name }, customer);
    await t.call('get_list', { keyword: 'Unicorn  Helicopter' }, visitor);
    await t.call('get_list', { keyword: 'unicorn helicopter', page: 2 }, visitor);
    await t.call('get_list', { keyword: 'unicorn helicopter' }, visitor);
    await photoSearch(visitor);

    // Day two: the customer selects b and c and submits a sample list of both; searches again.
    t.clock.advance(DAY);
    await t.call('toy_select_log', { toy_id: b.id }, customer);
    await t.call('toy_select_log', { toy_id: c.id }, customer);
    const sent = await t.call(
      'add_choose',
      {
        company_name: 'Gulf Toys LLC',
        contact: 'Amira Haddad',
        phone: '+971 4 555 0101',
        email: 'amira@gulftoys.example',
        remark: '',
        lines: [
          { id: b.id, ctn: 4 },
          { id: c.id, ctn: 2 },
        ],
        idempotency_key: 'analytics-test-1',
      },
      customer,
    );
    expect(sent.code).toBe(0);
    await t.call('get_list', { keyword: 'unicorn helicopter' }, customer);
    await t.call('get_list', { keyword: '=HYPERLINK("http://x.example","win")' }, customer);

    // Another company's buyers, the same day: never in demo's figures.
    const foreign = await t.login('demo2', 'visitor');
    const theirs = (await t.call('get_list', { page_size: 1 }, foreign)).data.list[0] as ProductCard;
    await t.call('website_toy_browse', { path: '/productDetails', toy_id: theirs.id }, foreign);
    await t.call('get_list', { keyword: 'foreign gap' }, foreign);
    await photoSearch(foreign);

    // Day four: outside the period.
    t.clock.advance(2 * DAY);
    await t.call('website_toy_browse', { path: '/productDetails', toy_id: a.id }, visitor);
    await t.call('get_list', { keyword: 'later gap' }, visitor);
    await t.app.searchLog.flush();
  });
  afterAll(() => t.close());

  it('counts views, selections, sample lists and searches per day of the period', async () => {
    const r = await report();
    expect(r.days).toEqual([
      { day: '2026-11-22', views: 5, selections: 1, submissions: 0, searches: 3, gaps: 2 },
      { day: '2026-11-23', views: 0, selections: 2, submissions: 1, searches: 2, gaps: 2 },
    ]);
    expect(r.totals).toEqual({ views: 5, selections: 3, submissions: 1, searches: 5, gaps: 4, buyers: 2 });
  });

  it('ranks the most viewed, selected and submitted products, with their buyers', async () => {
    const [a, b, c] = products as [ProductCard, ProductCard, ProductCard];
    const r = await report();
    expect(r.viewed.map((p) => [p.product_id, p.count, p.buyers])).toEqual([
      [a.id, 4, 2],
      [b.id, 1, 1],
    ]);
    expect(r.viewed[0]?.name).toBeTruthy();
    // Ties go by product id.
    expect(r.selected.map((p) => [p.product_id, p.count])).toEqual(
      [a.id, b.id, c.id].sort((x, y) => x - y).map((id) => [id, 1]),
    );
    expect(r.submitted.map((p) => [p.product_id, p.count, p.ctn])).toEqual(
      [
        [b.id, 1, 4],
        [c.id, 1, 2],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
  });

  it('logs a search that found nothing as a gap, once per session within a minute, and a photo without a sure match', async () => {
    const r = await report();
    expect(r.text_gaps.map((g) => [g.query, g.searches, g.buyers])).toEqual([
      ['unicorn helicopter', 2, 2],
      ['=hyperlink("http://x.example","win")', 1, 1],
    ]);
    expect(r.image_gaps).toEqual([expect.objectContaining({ kind: 'visitor', results: 0 })]);
  });

  it("lists buyers' recent activity, latest first, a customer by name", async () => {
    const r = await report();
    expect(r.buyers).toEqual([
      expect.objectContaining({
        kind: 'customer',
        name: expect.any(String),
        views: 1,
        selections: 2,
        submissions: 1,
        searches: 3,
      }),
      expect.objectContaining({ kind: 'visitor', views: 4, selections: 1, searches: 2 }),
    ]);
    expect(r.buyers[0]?.name).not.toBe('');
  });

  it("keeps to the period's days in the staff's time zone", async () => {
    // At UTC+8 the 23rd ends at 16:00 UTC; the events of that day were at 09:00 UTC.
    const east = await report({ ...period, from: '2026-11-23', to: '2026-11-23', utc_offset: 480 });
    expect(east.totals).toMatchObject({ views: 0, selections: 2, submissions: 1 });
    const later = await report({ ...period, from: '2026-11-24', to: '2026-11-30' });
    expect(later.totals).toMatchObject({ views: 1, searches: 1, gaps: 1, selections: 0 });
    expect(later.days).toHaveLength(7);
  });

  it("shows one company's staff none of another company's activity", async () => {
    const other = await t.staffLogin('demo2', 'owner');
    const r = await report(period, other);
    expect(r.totals).toMatchObject({ views: 1, searches: 2, gaps: 2, submissions: 0 });
    expect(r.text_gaps.map((g) => g.query)).toEqual(['foreign gap']);
    const demo = await report();
    expect(demo.text_gaps.map((g) => g.query)).not.toContain('foreign gap');
  });

  it('lets the owner and sales read the analytics, and refuses customer service', async () => {
    const sales = await t.staffLogin('demo', 'sales');
    expect((await t.call('staff_get_analytics', period, sales)).code).toBe(0);
    const service = await t.staffLogin('demo', 'service');
    expect((await t.call('staff_get_analytics', period, service)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('staff_export_analytics', { ...period, section: 'days' }, service)).code).toBe(
      ErrorCode.FORBIDDEN,
    );
  });

  it('refuses a period that runs backwards or is longer than a year', async () => {
    const backwards = await t.call(
      'staff_get_analytics',
      { ...period, from: '2026-11-23', to: '2026-11-01' },
      owner,
    );
    expect(backwards).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      tip: 'The first day of the period is after its last day',
    });
    const long = await t.call(
      'staff_get_analytics',
      { from: '2025-01-01', to: '2026-11-23', lang: ZH },
      owner,
    );
    expect(long).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      tip: `时间段最长 ${ANALYTICS_LIMITS.MAX_DAYS} 天`,
    });
    expect((await t.call('staff_get_analytics', { from: '2026-02-30', to: '2026-03-01' }, owner)).code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });

  it('exports a table as CSV with formula-looking cells defused', async () => {
    const r = await t.call('staff_export_analytics', { ...period, section: 'text_gaps' }, owner);
    expect(r.data).toMatchObject({ filename: 'analytics-text_gaps-2026-11-22-2026-11-23.csv', rows: 2 });
    const lines = r.data.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Search text,Searches,Buyers,Last searched');
    expect(lines[1]).toMatch(/^unicorn helicopter,2,2,2026-11-23 09:00$/);
    // The cell starts with an apostrophe: a spreadsheet shows it as text instead of running it.
    expect(lines[2]).toBe(`"'=hyperlink(""http://x.example"",""win"")",1,1,2026-11-23 09:00`);
    const days = await t.call('staff_export_analytics', { ...period, section: 'days', lang: ZH }, owner);
    expect(
      days.data.csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual(['日期,浏览,加入选样车,样品单,搜索,无结果', '2026-11-22,5,1,0,3,2', '2026-11-23,0,2,1,2,2']);
  });

  it('purges search logs older than thirteen months at housekeeping', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('search_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await t.app.housekeeping.runNow();
    expect(await count()).toBe(before);
    t.clock.advance((ANALYTICS_LIMITS.SEARCH_LOG_DAYS - 1) * DAY);
    await t.app.housekeeping.runNow();
    // The latest (day four) is still within its keeping time; the first three days' are gone.
    expect(await count()).toBe(1);
  });
});
