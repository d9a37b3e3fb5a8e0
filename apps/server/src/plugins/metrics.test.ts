import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
