// Baseline: a bare Fastify handler on better-sqlite3 doing the same reads as get_website_again
// (session by token hash, its customer, the website and company), with no envelope, no
// validation and no abstraction. The database file is the one the real server seeded.
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('usage: bare.ts <sqlite file>');
const db = new SQLite(file, { readonly: true });
const session = db.prepare(
  `select s.*, c.customer_name, c.nickname, c.avatar, c.chat_id, c.chat_customer_id
     from sessions s left join customers c on c.id = s.customer_id where s.token_hash = ?`,
);
const website = db.prepare(
  `select w.*, co.name as company_name, co.name_en as company_name_en, co.logo as company_logo
     from websites w join companies co on co.id = w.company_id where w.id = ?`,
);
const app = Fastify();
app.post('/api/get_website_again', async (req) => {
  const token = String(req.headers.authorization ?? '').slice(7);
  const s = session.get(createHash('sha256').update(token).digest('hex')) as
    { website_id: number } | undefined;
  if (!s) return { code: -2, data: null, tip: '' };
  return {
    code: 0,
    data: { id: s.website_id, site: website.get(Number(req.headers['website-id'])), user: s },
    tip: '',
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ port: (app.server.address() as { port: number }).port }) + '\n');
