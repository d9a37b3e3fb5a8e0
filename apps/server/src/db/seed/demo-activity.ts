import type { CallName, CallResponse } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { DEMO_CREDENTIALS } from './demo';

/**
 * What buyers had done on a new demo before the staff open the console: a few access
 * applications from the login page and a few submitted sample lists. Made through the buyers'
 * own calls, as a buyer would, so the console shows real records rather than rows written here.
 */
/** The demo customers' own companies (demo.ts seeds the customers). */
const BUYER_COMPANIES = {
  demo: {
    company: 'Mendes Brinquedos Lda',
    contact: 'Carlos Mendes',
    email: 'carlos.mendes@example.com',
    phone: '+55 11 91234 5678',
  },
  demo2: {
    company: 'Gulf Kids Trading LLC',
    contact: 'Fatima Al Suwaidi',
    email: 'fatima@gulf-kids.example',
    phone: '+971 50 123 4567',
  },
} as const;

export async function seedDemoActivity(app: FastifyInstance): Promise<string[]> {
  const call = async <N extends CallName>(
    name: N,
    body: object,
    o: { website?: number; token?: string; ip?: string } = {},
  ): Promise<CallResponse<N>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.website) headers['website-id'] = String(o.website);
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers,
      payload: JSON.stringify(body),
      ...(o.ip ? { remoteAddress: o.ip } : {}),
    });
    const answer = res.json<{ code: number; data: CallResponse<N>; tip: string }>();
    if (answer.code !== 0) throw new Error(`demo activity: ${name} answered ${answer.code} ${answer.tip}`);
    return answer.data;
  };

  const done: string[] = [];
  for (const [n, creds] of DEMO_CREDENTIALS.entries()) {
    const website = (await call('get_website_info', { site: creds.site })).id;
    const phones = ['+971 50 318 2264', '+49 171 555 0142', '+55 11 98765 4321'];
    for (const [i, phone] of phones.entries())
      await call(
        'access_apply',
        { phone, lang: 11201002 + (i % 2) * 3 },
        { website, ip: `192.0.2.${n * 10 + i}` },
      );

    const customer = await call('login', { website_id: website, code: creds.customer });
    const visitor = await call('login', { website_id: website, code: creds.visitor });
    const products = (
      await call('get_list', { page_size: 24 }, { website, token: customer.token })
    ).list.filter((p) => !p.is_expire);
    // The customer's lists carry the customer's own company; the visitor's, a buyer passing by.
    const own = BUYER_COMPANIES[creds.site];
    const lists = [
      { who: customer.token, ...own, from: 0, count: 6 },
      {
        who: visitor.token,
        company: 'Juguetes del Sol S.A.',
        contact: 'Diego Ramírez',
        email: 'diego@juguetesdelsol.example',
        phone: '+52 55 5555 0199',
        from: 6,
        count: 4,
      },
      { who: customer.token, ...own, from: 10, count: 9 },
    ];
    for (const [i, l] of lists.entries()) {
      await call(
        'add_choose',
        {
          company_name: l.company,
          contact: l.contact,
          phone: l.phone,
          email: l.email,
          remark: i === 0 ? 'Samples by air, please; cartons as marked.' : '',
          lines: products
            .slice(l.from, l.from + l.count)
            .map((p, j) => ({ id: p.id, ctn: 1 + ((i + j) % 4) })),
          idempotency_key: `demo-activity-${creds.site}-${i}-0000`,
        },
        { website, token: l.who },
      );
    }
    done.push(`${creds.site}: ${phones.length} access applications, ${lists.length} sample lists`);
  }
  return done;
}
