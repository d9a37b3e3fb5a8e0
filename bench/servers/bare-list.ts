// Baseline: a bare Fastify handler on better-sqlite3 running the same two queries as get_list's
// first page (the page's ids from the index, then those products with their main picture; and the
// total), answering the rows as they come, with no envelope, validation, language or shaping.
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-list.ts <sqlite file>');
const db = new SQLite(file, { readonly: true });
const page = db.prepare(`
  select p.id, p.toy_number, p.article_number, p.name, p.name_en, p.name_en as name_l, p.packing, p.packing_en,
         p.packing_en as packing_l, p.exworks_price, p.carton_length, p.carton_width, p.carton_height,
         p.carton_quantity, p.gross_weight, p.net_weight, p.purchase_number, p.category_id, p.factory_id,
         p.is_new, p.is_recommend, p.is_spot, p.is_gcc, p.is_cash_sale, p.is_3d, p.is_hot, p.is_expire,
         p.removed_time, p.stop_time, p.is_set_hide, p.is_website_hide, p.created_at, p.updated_at,
         (select f.storage_key from product_pictures pp inner join files f on f.id = pp.file_id
           where pp.product_id = p.id order by pp.sort, pp.id limit 1) as picture_key
    from products p
   where p.id in (select id from products where company_id = ? and is_website_hide = 0 order by sort desc, id desc limit ? offset ?)
   order by p.sort desc, p.id desc`);
const count = db.prepare(
  'select count(*) as total from products where company_id = ? and is_website_hide = 0',
);
const website = db.prepare('select company_id from websites where id = ?');

// The API keeps list totals for 30 s; so does the baseline, so both do the same work.
const totals = new Map<number, { at: number; total: number }>();
const app = Fastify();
app.post('/api/get_list', async (req) => {
  const w = website.get(Number(req.headers['website-id'])) as { company_id: number };
  const rows = page.all(w.company_id, 20, 0);
  let cached = totals.get(w.company_id);
  if (!cached || Date.now() - cached.at > 30_000) {
    cached = { at: Date.now(), total: (count.get(w.company_id) as { total: number }).total };
    totals.set(w.company_id, cached);
  }
  const { total } = cached;
  return { code: 0, data: { list: rows, total, page: 1, page_size: 20 }, tip: '' };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ port: (app.server.address() as { port: number }).port }) + '\n');
