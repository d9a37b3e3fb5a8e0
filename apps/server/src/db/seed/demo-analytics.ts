import type { CallName, CallResponse } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { BrowseLogsTable, Database, SearchLogsTable, SelectLogsTable } from '../database';
import { DEMO_STAFF } from './demo';

/**
 * A month of buyers' interest on a new demo, so the console's analytics (decision 0058) have
 * something to show: a few more customers and visitor codes made by the owner through the staff
 * calls and logged in through the buyers' own, as people would; then their past 30 days of
 * product views, cart selections and searches. The past cannot be made through calls (the
 * server logs at the present), so those rows are written here, spread over the days with fewer
 * on weekends, a few products far more popular than the rest, and searches for what the demo
 * catalogue does not have (the gaps the page is for).
 */

const DAY = 86_400_000;

/** Buyers the owner adds; the demo's own customer is kept. */
const CUSTOMERS = [
  { customer_name: 'Lekhuset Nord AB', nickname: 'Freja Lind', country: 'SE' },
  { customer_name: 'Kinderwelt GmbH', nickname: 'Jonas Becker', country: 'DE' },
  { customer_name: 'Al Noor Trading LLC', nickname: 'Omar Haddad', country: 'AE' },
];
/** Visitor codes handed out at fairs: their labels name the visitors in the analytics. */
const CODES = ['Canton Fair 2026', 'Hong Kong Toys & Games Fair', 'Dubai buyers mailing'];

/** What buyers looked for that the catalogue has (found) and has not (gaps). */
const FOUND = ['car', 'doll', 'puzzle', 'robot', 'truck', 'bear', 'ball', '积木', 'remote control'];
const GAPS = [
  'wooden train set',
  'magnetic tiles',
  'rc excavator',
  'baby walker',
  'water gun',
  'kinetic sand',
  'slime kit',
  'montessori busy board',
  '磁力片',
  'ألعاب خشبية',
];

/** Deterministic numbers, so two fresh demos look alike. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoAnalytics(
  app: FastifyInstance,
  db: Kysely<Database>,
  now: number,
): Promise<string[]> {
  const call = async <N extends CallName>(
    name: N,
    body: object,
    o: { website?: number; token?: string } = {},
  ): Promise<CallResponse<N>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.website) headers['website-id'] = String(o.website);
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers,
      payload: JSON.stringify(body),
    });
    const answer = res.json<{ code: number; data: CallResponse<N>; tip: string }>();
    if (answer.code !== 0) throw new Error(`demo analytics: ${name} answered ${answer.code} ${answer.tip}`);
    return answer.data;
  };

  const done: string[] = [];
  for (const site of ['demo', 'demo2'] as const) {
    const owner = DEMO_STAFF.find((m) => m.site === site && m.role === 'owner');
    if (!owner) continue;
    const website = (await call('get_website_info', { site })).id;
    const staff = {
      website,
      token: (await call('staff_login', { email: owner.email, password: owner.password }, { website })).token,
    };
    const sessions: { id: number; customerId: number | null }[] = [];
    /** The new buyers' tokens and who they are, to submit sample lists as they would. */
    const buyers: { token: string; company: string; contact: string }[] = [];
    // The session a login just opened: the website's newest (the seed runs alone).
    const sessionOf = async () => {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'customer_id'])
        .where('website_id', '=', website)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      sessions.push({ id: row.id, customerId: row.customer_id });
    };
    for (const c of CUSTOMERS) {
      const made = await call('staff_create_customer', c, staff);
      const { token } = await call('login', { website_id: website, code: made.password });
      buyers.push({ token, company: c.customer_name, contact: c.nickname });
      await sessionOf();
    }
    for (const label of CODES) {
      const made = await call('staff_create_access_code', { label }, staff);
      const { token } = await call('login', { website_id: website, code: made.code });
      if (label.startsWith('Canton'))
        buyers.push({ token, company: 'Toys Planet Pty Ltd', contact: 'Mia Thompson' });
      await sessionOf();
    }
    // The demo's own customer and visitor, logged in by the demo's first activity.
    const earlier = await db
      .selectFrom('sessions')
      .select(['id', 'customer_id'])
      .where('website_id', '=', website)
      .where(
        'id',
        'not in',
        sessions.map((s) => s.id),
      )
      .orderBy('id')
      .limit(2)
      .execute();
    sessions.push(...earlier.map((s) => ({ id: s.id, customerId: s.customer_id })));

    const company = await db
      .selectFrom('websites')
      .select('company_id')
      .where('id', '=', website)
      .executeTakeFirstOrThrow();
    const products = await db
      .selectFrom('products')
      .select(['id', 'factory_id'])
      .where('company_id', '=', company.company_id)
      .where('is_website_hide', '=', 0)
      .orderBy('id')
      .limit(60)
      .execute();
    if (!products.length || !sessions.length) continue;

    const rnd = random(company.company_id * 7919);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    // A few products draw most of the interest: the k-th about 1/(k+1) as often as the first.
    const weights = products.map((_, k) => 1 / (k + 1) ** 0.9);
    const sum = weights.reduce((a, b) => a + b, 0);
    const order = [...products].sort(() => rnd() - 0.5);
    const popular = () => {
      let r = rnd() * sum;
      for (const [k, w] of weights.entries()) if ((r -= w) <= 0) return order[k] ?? order[0];
      return order[0];
    };
    const base = {
      company_id: company.company_id,
      website_id: website,
    };
    const browse: Insertable<BrowseLogsTable>[] = [];
    const selects: Insertable<SelectLogsTable>[] = [];
    const searches: Insertable<SearchLogsTable>[] = [];
    const today = Math.floor(now / DAY) * DAY;
    for (let d = 29; d >= 0; d--) {
      const day = today - d * DAY;
      const weekday = new Date(day).getUTCDay();
      const busy = (weekday === 0 || weekday === 6 ? 0.45 : 1) * (0.8 + (29 - d) / 60);
      // Office hours in China (01:00-10:00 UTC), never after now.
      const at = () => Math.min(now - 1000, day + 3_600_000 + Math.floor(rnd() * 9 * 3_600_000));
      const who = () => pick(sessions);
      for (let i = Math.round((18 + rnd() * 14) * busy); i > 0; i--) {
        const p = popular();
        const s = who();
        if (!p) continue;
        browse.push({
          ...base,
          session_id: s.id,
          customer_id: s.customerId,
          product_id: p.id,
          path: `/productDetails?id=${p.id}`,
          created_at: at(),
        });
        if (rnd() < 0.22)
          selects.push({
            ...base,
            session_id: s.id,
            customer_id: s.customerId,
            product_id: p.id,
            factory_id: p.factory_id,
            kind: rnd() < 0.15 ? 'recommend' : 'select',
            created_at: at(),
          });
      }
      for (let i = Math.round((4 + rnd() * 5) * busy); i > 0; i--) {
        const s = who();
        const gap = rnd() < 0.3;
        searches.push({
          ...base,
          session_id: s.id,
          customer_id: s.customerId,
          kind: 'text',
          query: gap ? pick(GAPS.slice(0, 4 + Math.floor(rnd() * GAPS.length))) : pick(FOUND),
          results: gap ? 0 : 1 + Math.floor(rnd() * 24),
          found: gap ? 0 : 1,
          created_at: at(),
        });
      }
      if (rnd() < 0.5 * busy) {
        const s = who();
        const sure = rnd() < 0.55;
        searches.push({
          ...base,
          session_id: s.id,
          customer_id: s.customerId,
          kind: 'image',
          query: '',
          results: sure ? 12 : rnd() < 0.5 ? 0 : 6,
          found: sure ? 1 : 0,
          created_at: at(),
        });
      }
    }
    // Today's sample lists from the new buyers, of the products they looked at most.
    let lists = 0;
    for (const [i, b] of buyers.entries()) {
      const lines = [...new Set(Array.from({ length: 6 + i * 2 }, () => popular()?.id ?? 0))]
        .filter((id) => id > 0)
        .map((id, j) => ({ id, ctn: 2 + ((i + j) % 5) * 2 }));
      await call(
        'add_choose',
        {
          company_name: b.company,
          contact: b.contact,
          phone: '+1 555 0100',
          email: `buyer${i + 1}@${b.company.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
          remark: '',
          lines,
          idempotency_key: `demo-analytics-${site}-${i}-00000`,
        },
        { website, token: b.token },
      );
      lists++;
    }
    for (const [table, rows] of [
      ['browse_logs', browse],
      ['select_logs', selects],
      ['search_logs', searches],
    ] as const)
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto(table as 'search_logs')
          .values(rows.slice(i, i + 200) as Insertable<SearchLogsTable>[])
          .execute();
    done.push(
      `${site}: ${CUSTOMERS.length} customers, ${CODES.length} visitor codes, ${browse.length} views, ${selects.length} selections, ${searches.length} searches over 30 days, ${lists} sample lists today`,
    );
  }
  return done;
}
