import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('/metrics', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    [off, on] = await Promise.all([createTestApp({ seed: false }), createTestApp({ metricsToken: TOKEN })]);
  });
  afterAll(async () => {
    await Promise.all([off.close(), on.close()]);
  });
  const scrape = (t: TestApp, authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('is not served at all without a configured token', async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('refuses a scrape without the token, or with another', async () => {
    expect((await scrape(on)).statusCode).toBe(401);
    expect((await scrape(on, `Bearer ${TOKEN.slice(1)}x`)).statusCode).toBe(401);
  });

  it('answers request latency per call, event-loop lag and the image index size in Prometheus format', async () => {
    await on.call('get_website_info', { site: 'demo' });
    await on.call('get_website_info', { site: 'demo' });
    const res = await scrape(on, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /vitrine_request_duration_seconds_count\{method="POST",route="\/api\/get_website_info",status="200"\} 2/,
    );
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(res.body).toMatch(/vitrine_image_index_pictures \d+/);
    expect(res.body).toContain('vitrine_request_errors_total');
  });

  it('answers the upload, export and image-search queues: the jobs in hand while they wait or run', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const queued = await createTestApp({
      metricsToken: TOKEN,
      buildWorkbook: async () => {
        await held;
        return Buffer.from('PK');
      },
    });
    try {
      const gauge = async (queue: string) =>
        Number(
          new RegExp(`vitrine_queue_jobs\\{queue="${queue}"\\} (\\d+)`).exec(
            (await scrape(queued, `Bearer ${TOKEN}`)).body,
          )?.[1],
        );
      expect(await gauge('uploads')).toBe(0);
      expect(await gauge('exports')).toBe(0);
      expect(await gauge('image_searches')).toBe(0);
      const buyer = await queued.login('demo', 'customer');
      const products = await queued.call('get_list', { page: 1, page_size: 2 }, buyer);
      await queued.call('add_sample_car', { ids: products.data.list.map((p) => p.id) }, buyer);
      const exports = [1, 2].map(() => queued.call('export_sample_car', { lines: [] }, buyer));
      await vi.waitFor(async () => expect(await gauge('exports')).toBe(2), { timeout: 10_000 });
      release();
      await Promise.all(exports);
      expect(await gauge('exports')).toBe(0);
    } finally {
      release();
      await queued.close();
    }
  }, 90_000);

  it('answers the database pool where there is one (PostgreSQL), and nothing where there is none', async () => {
    // A call first: an idle pool closes its connections after a while.
    await on.call('get_website_info', { site: 'demo' });
    const body = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(body).toContain('# TYPE vitrine_db_pool_connections gauge');
    if (on.dialect === 'postgres') {
      expect(body).toMatch(/vitrine_db_pool_connections\{state="total"\} [1-9]/);
      expect(body).toMatch(/vitrine_db_pool_connections\{state="waiting"\} \d+/);
    } else {
      expect(body).not.toMatch(/vitrine_db_pool_connections\{/);
    }
  });
});
