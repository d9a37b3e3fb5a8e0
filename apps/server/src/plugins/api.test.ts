import { calls, ErrorCode } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import {
  CALL_LIMITS,
  createInFlightLimiter,
  defaultHeavyCalls,
  HEAVY_CALLS,
  IN_FLIGHT_LIMITS,
} from './limits';

const ZH = 11201001;

describe('the /api envelope', () => {
  let t: TestApp;
  let website: number;
  beforeAll(async () => {
    t = await createTestApp();
    website = await t.siteId('demo');
  });
  afterAll(() => t.close());

  it('answers an unknown call name with its own code and a tip naming it', async () => {
    const r = await t.call('no_such_call' as never, {});
    expect(r).toEqual({
      code: ErrorCode.UNKNOWN_CALL,
      data: null,
      tip: 'There is no call named “no_such_call”',
    });
  });

  it('answers a call sent with GET as method-not-allowed, still as an envelope', async () => {
    const r = await t.raw({ method: 'GET', url: '/api/get_website_info' });
    expect(r.code).toBe(ErrorCode.METHOD_NOT_ALLOWED);
  });

  it('answers a missing Website-ID with -106', async () => {
    const r = await t.call('access_apply', { phone: '+971501234567' });
    expect(r).toMatchObject({ code: -106, data: null });
  });

  it.each(['999999', 'abc', '-1', '1.5', ''])('answers Website-ID %j with -106', async (header) => {
    const r = await t.call('access_apply', { phone: '+971501234567' }, { headers: { 'website-id': header } });
    expect(r.code).toBe(-106);
  });

  it('answers a missing, malformed or unknown token with -2', async () => {
    expect((await t.call('get_website_again', {}, { website })).code).toBe(-2);
    expect(
      (await t.call('get_website_again', {}, { website, headers: { authorization: 'Basic abc' } })).code,
    ).toBe(-2);
    expect((await t.call('get_website_again', {}, { website, token: 'not-a-real-token' })).code).toBe(-2);
  });

  it('answers a body that is not JSON with a bad-request tip', async () => {
    const r = await t.raw({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"website_id": 1,',
    });
    expect(r).toMatchObject({ code: ErrorCode.BAD_REQUEST, tip: 'The request body is not valid JSON' });
  });

  it.each([['[]'], ['42'], ['"text"'], ['null']])(
    'answers the JSON body %s, which is not an object, with a tip naming the body',
    async (payload) => {
      const r = await t.raw({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(r.code).toBe(ErrorCode.BAD_REQUEST);
      expect(r.tip).toContain('request body');
    },
  );

  it('answers a body sent as another media type with -415', async () => {
    const r = await t.raw({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(r.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('accepts application/json with a charset', async () => {
    const r = await t.raw({
      method: 'POST',
      url: '/api/get_website_info',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{}',
    });
    expect(r.code).toBe(0);
  });

  // A page of another site may post these three types without a CORS preflight: none is parsed.
  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ])('refuses a body sent as %s, which a form or another site could send, with -415', async (type) => {
    const r = await t.raw({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': type },
      payload: JSON.stringify({ website_id: website, code: 'demo-visitor' }),
    });
    expect(r.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('answers an oversized body with -413', async () => {
    const payload = JSON.stringify({ website_id: 1, code: 'x'.repeat(2 * 1024 * 1024) });
    const r = await t.raw({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(r.code).toBe(ErrorCode.TOO_LARGE);
  });

  it('names the failing field in the tip, in English by default', async () => {
    const r = await t.call('login', { website_id: 'one', code: 'x' });
    expect(r).toMatchObject({ code: ErrorCode.BAD_REQUEST, tip: '“website_id” has the wrong type' });
    const missing = await t.call('login', { code: 'x' });
    expect(missing.tip).toBe('“website_id” is required');
  });

  it("names the failing field in the request's language", async () => {
    const r = await t.call('login', { code: 'x', lang: ZH });
    expect(r.code).toBe(ErrorCode.BAD_REQUEST);
    expect(r.tip).toContain('website_id');
    expect(r.tip).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a lang code outside the 16 languages, naming lang', async () => {
    const r = await t.call('get_website_info', { lang: 11201017 });
    expect(r.code).toBe(ErrorCode.BAD_REQUEST);
    expect(r.tip).toContain('lang');
  });

  it('treats an empty body as an empty object', async () => {
    const r = await t.raw({
      method: 'POST',
      url: '/api/get_website_info',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(r.code).toBe(0);
  });

  it('never answers with a 500, a stack trace or HTML, whatever the body, and parses none sent as text/plain', async () => {
    const bodies = [
      '{}',
      '{"lang":"x"}',
      '{"website_id":-1,"code":""}',
      '{"website_id":1e308,"code":{}}',
      '{"phone":["1"]}',
      `{"site":"${'x'.repeat(500)}"}`,
      '{"__proto__":{"admin":true},"website_id":1,"code":"a"}',
      '{"constructor":{"prototype":{"x":1}}}',
    ];
    const send = (name: string, body: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/${name}`, payload: body, headers });
    const envelopeOf = (res: Awaited<ReturnType<typeof send>>) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const json = res.json<{ code: number; tip: string }>();
      expect(Object.keys(json).sort()).toEqual(['code', 'data', 'tip']);
      expect(json.code).not.toBe(ErrorCode.INTERNAL);
      expect(res.body).not.toMatch(/at .+\.ts:\d+|stack/);
      return json;
    };
    for (const name of Object.keys(calls)) {
      for (const body of bodies) {
        for (const headers of [
          {},
          { 'website-id': String(website) },
          { 'website-id': String(website), authorization: 'Bearer x' },
        ] as Record<string, string>[]) {
          envelopeOf(await send(name, body, { ...headers, 'content-type': 'application/json' }));
          // The same body as text/plain, as a cross-site form or fetch without preflight sends it.
          const plain = envelopeOf(await send(name, body, { ...headers, 'content-type': 'text/plain' }));
          expect(plain.code).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        }
      }
    }
    // 48 requests per call: it grows with the contract, and a busy machine runs it in parallel.
  }, 120_000);

  it('serves an OpenAPI document that lists every call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs.json' });
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(
      Object.keys(calls)
        .map((n) => `/api/${n}`)
        .sort(),
    );
  });
});

describe('the /api envelope under the limits per session and address (decision 0033)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ callLimits: CALL_LIMITS });
  });
  afterAll(() => t.close());

  // Bodies of every shape an object can have (what is not an object is refused before any count).
  const bodies = [
    '{}',
    '{"lang":"x"}',
    '{"url":1}',
    '{"page":-1}',
    '{"content_type":"text/html"}',
    '{"code":{}}',
  ];

  it.each(Object.entries(CALL_LIMITS))(
    'answers %s, whatever the body, with envelopes until one too many, then -429 for that caller only',
    async (name, limit) => {
      const staff = name.startsWith('staff_') && name !== 'staff_login';
      const who =
        name === 'login' || name === 'staff_login'
          ? { website: await t.siteId('demo') }
          : staff
            ? await t.staffLogin('demo', 'owner')
            : await t.login('demo', 'customer');
      const allowed = limit.perSession ?? limit.perAddress ?? 0;
      const ip = `198.51.100.${Object.keys(CALL_LIMITS).indexOf(name) + 10}`;
      const send = (i: number, from = ip) =>
        t.app.inject({
          method: 'POST',
          url: `/api/${name}`,
          payload: bodies[i % bodies.length],
          remoteAddress: from,
          headers: {
            'content-type': 'application/json',
            'website-id': String(who.website),
            ...('token' in who ? { authorization: `Bearer ${who.token}` } : {}),
          },
        });
      const answers = await Promise.all(Array.from({ length: allowed + 1 }, (_, i) => send(i)));
      const codes = answers.map((res) => {
        expect(res.statusCode).toBe(200);
        const json = res.json<{ code: number; data: unknown; tip: string }>();
        expect(Object.keys(json).sort()).toEqual(['code', 'data', 'tip']);
        expect(json.code).not.toBe(ErrorCode.INTERNAL);
        return json.code;
      });
      // Parallel calls are counted one by one: exactly one is over, whichever it was.
      expect(codes.filter((c) => c === ErrorCode.TOO_MANY_REQUESTS)).toHaveLength(1);
      const over = (await send(0)).json<{ code: number; tip: string }>();
      expect(over).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, data: null });
      expect(over.tip).toBe('Too many requests, please slow down and try again shortly');
      // Without a session, the address is the caller: another address is not held back.
      if (!('token' in who))
        expect((await send(0, '198.51.100.250')).json<{ code: number }>().code).not.toBe(-429);
    },
  );
});

describe('the /api envelope under the limits of calls in flight (decision 0044)', () => {
  let t: TestApp;
  let release!: () => void;
  let held: Promise<void>;
  let building = 0;
  beforeAll(async () => {
    held = new Promise<void>((resolve) => (release = resolve));
    t = await createTestApp({
      inFlightLimits: IN_FLIGHT_LIMITS,
      buildWorkbook: async () => {
        building += 1;
        await held;
        return Buffer.from('PK');
      },
    });
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  it('answers a second export of a session -429 at once while its first is built, and holds back no one else', async () => {
    const [first, second] = [await t.login('demo', 'customer'), await t.login('demo', 'customer')];
    const products = await t.call('get_list', { page: 1, page_size: 2 }, first);
    const ids = products.data.list.map((p) => p.id);
    for (const buyer of [first, second]) await t.call('add_sample_car', { ids }, buyer);

    const firstExport = t.call('export_sample_car', { lines: [] }, first);
    const otherSession = t.call('export_sample_car', { lines: [] }, second);
    // Both workbooks are being built before the next call is sent: sent any sooner, on a busy
    // machine the repeat could be let in ahead of the first and be the one left waiting.
    await vi.waitFor(() => expect(building).toBe(2), { timeout: 10_000 });
    // While the first is in hand, the same session's next export, of either kind, is refused unread.
    const again = await t.call('export_sample_car', { lines: [] }, first);
    expect(again).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, data: null });
    expect((await t.call('export_choose', { id: 1 }, first)).code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    release();
    expect((await firstExport).code).toBe(0);
    expect((await otherSession).code).toBe(0);
    // Answered, it is no longer in hand.
    expect((await t.call('export_sample_car', { lines: [] }, first)).code).toBe(0);
  });

  it('lets a caller have two image searches in hand, not three, and counts each out when it ends', () => {
    const enter = createInFlightLimiter(IN_FLIGHT_LIMITS);
    const buyer = { session: 's1', ip: '203.0.113.5' };
    const a = enter('image_search', buyer);
    const b = enter('image_search', buyer);
    expect([a, b].every(Boolean)).toBe(true);
    expect(enter('image_search', buyer)).toBeNull();
    expect(enter('image_search', { session: 's2', ip: '203.0.113.5' })).not.toBeNull();
    expect(enter('get_list', buyer)).not.toBeNull();
    a?.();
    a?.();
    const c = enter('image_search', buyer);
    expect(c).not.toBeNull();
    expect(enter('image_search', buyer)).toBeNull();
    b?.();
    c?.();
  });
});

describe("the /api envelope under the instance's cap on heavy calls (decision 0064)", () => {
  const TOKEN = 'metrics-token-for-the-heavy-calls-0123456789';
  let t: TestApp;
  // Workbooks are built only when a test lets them.
  let held: Promise<void> = Promise.resolve();
  let letGo: () => void = () => undefined;
  const hold = () => {
    held = new Promise<void>((resolve) => (letGo = resolve));
  };
  beforeAll(async () => {
    t = await createTestApp({
      heavyCalls: { running: 1, waiting: 1 },
      inFlightLimits: IN_FLIGHT_LIMITS,
      metricsToken: TOKEN,
      buildWorkbook: async () => {
        await held;
        return Buffer.from('PK');
      },
    });
  });
  afterAll(async () => {
    letGo();
    await t.close();
  });

  const metric = async (series: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
    return Number(line?.slice(series.length + 1));
  };
  const running = () => metric('vitrine_heavy_calls{state="running"}');
  const waiting = () => metric('vitrine_heavy_calls{state="waiting"}');
  const refusedFull = () => metric('vitrine_heavy_calls_refused_total{reason="full"}');

  /** A body each heavy call accepts (what it then finds is another matter), and bodies it refuses. */
  const validBody: Record<(typeof HEAVY_CALLS)[number], object> = {
    image_search: { url: '/files/1/image_search/nothing.jpg' },
    export_choose: { id: 1 },
    export_sample_car: { lines: [] },
    staff_export_sample: { id: 1 },
  };
  const badBodies = ['{"url":1}', '{"id":"x"}', '{"lines":{}}', '{"limit":-1,"id":-1}'];

  it('runs one heavy call, lets one wait, refuses any beyond at once whoever sends it, and shows it in /metrics', async () => {
    hold();
    const [a, b, c] = [
      await t.login('demo', 'customer'),
      await t.login('demo', 'customer'),
      await t.login('demo', 'customer'),
    ];
    const owner = await t.staffLogin('demo', 'owner');
    const ids = (await t.call('get_list', { page: 1, page_size: 2 }, a)).data.list.map((p) => p.id);
    await t.call('add_sample_car', { ids }, a);
    const refusedBefore = await refusedFull();

    const first = t.call('export_sample_car', { lines: [] }, a);
    await vi.waitFor(async () => expect(await running()).toBe(1), { timeout: 10_000 });
    // Another buyer's search waits for the place: no answer yet.
    let searched = false;
    const second = t.call('image_search', validBody.image_search, b).finally(() => (searched = true));
    await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 10_000 });
    expect(searched).toBe(false);

    // Full: every heavy call, from a third buyer or staff, is answered -429 at once, unread.
    for (const name of HEAVY_CALLS) {
      const who = name.startsWith('staff_') ? owner : c;
      const over = await t.call(name, validBody[name], who);
      expect(over).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, data: null });
      expect(over.tip).toMatch(/^Too many requests|^请求过于频繁/);
      // Whatever the body, an envelope: a body refused by its schema never reaches the queue.
      for (const payload of badBodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${name}`,
          payload,
          headers: {
            'content-type': 'application/json',
            'website-id': String(who.website),
            authorization: `Bearer ${who.token}`,
          },
        });
        expect(res.statusCode).toBe(200);
        const json = res.json<{ code: number; data: unknown; tip: string }>();
        expect(Object.keys(json).sort()).toEqual(['code', 'data', 'tip']);
        expect(json.code).toBe(ErrorCode.BAD_REQUEST);
      }
    }
    expect((await refusedFull()) - refusedBefore).toBe(HEAVY_CALLS.length);
    // Calls that are not heavy are not held at all.
    expect((await t.call('get_list', { page: 1, page_size: 2 }, c)).code).toBe(0);
    expect([await running(), await waiting()]).toEqual([1, 1]);

    letGo();
    expect((await first).code).toBe(0);
    // The waiting search ran: its own answer (no such upload), not a refusal.
    const answer = await second;
    expect(answer.code).not.toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(answer.code).toBe(ErrorCode.FAILED);
    expect([await running(), await waiting()]).toEqual([0, 0]);
  });

  it('runs one fewer heavy call than the cores, at least one, so a core stays for every other call', () => {
    expect(defaultHeavyCalls(1).running).toBe(1);
    expect(defaultHeavyCalls(2).running).toBe(1);
    expect(defaultHeavyCalls(8).running).toBe(7);
  });

  it("counts a caller's own limit first: a call over it is refused without taking a place", async () => {
    hold();
    const [a, b] = [await t.login('demo', 'customer'), await t.login('demo', 'customer')];
    const ids = (await t.call('get_list', { page: 1, page_size: 2 }, a)).data.list.map((p) => p.id);
    await t.call('add_sample_car', { ids }, a);
    const refusedBefore = await refusedFull();
    const first = t.call('export_sample_car', { lines: [] }, a);
    await vi.waitFor(async () => expect(await running()).toBe(1), { timeout: 10_000 });
    // The same session's second export: its own limit (one at a time) answers, the queue stays empty.
    expect((await t.call('export_choose', { id: 1 }, a)).code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect([await waiting(), (await refusedFull()) - refusedBefore]).toEqual([0, 0]);
    // So another buyer still gets the place that waits.
    const second = t.call('export_sample_car', { lines: [] }, b);
    await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 10_000 });
    letGo();
    expect((await first).code).toBe(0);
    expect((await second).code).not.toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect([await running(), await waiting()]).toEqual([0, 0]);
  });
});
