/*
 * FROZEN once shipped. Text search over product names in every language, toy, article and
 * factory numbers (decision 0021). The index is kept in step by triggers, so every writer (the
 * seed, imports, tests, a console) keeps it right without knowing it exists.
 *
 * Both dialects index three texts per product, each value ending in a line break:
 *   names    every language's name, one per line;
 *   numbers  toy number and article number, without spaces and dashes, each on its own line;
 *   factory  factory number, likewise (searched only when the website shows factory numbers).
 * The line breaks keep a match inside one value (queries never contain one), make "\n<number>\n"
 * an exact number match, and give every one- or two-character substring a trigram that starts
 * with it (the short-query fallback).
 *
 * SQLite: an FTS5 trigram table (case and Latin diacritics folded by the tokenizer), contentless
 * since the products table holds the text, and a vocabulary view of it for short queries. Its
 * fourth text, scope, is the company id between two \x02 characters, so a keyword's total for one
 * company is counted inside the index without reading a products row per match.
 * PostgreSQL: a product_search table with GIN pg_trgm indexes, folded by search_fold() (lower,
 * and unaccent when the server has it).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen copy of the language suffixes of 0001.
const SUFFIXES = [
  '',
  '_en',
  '_es',
  '_ru',
  '_ar',
  '_he',
  '_pl',
  '_fr',
  '_bid',
  '_ja',
  '_ko',
  '_th',
  '_pt',
  '_vi',
  '_fil',
  '_de',
];

/**
 * Frozen copy of what a number ignores: spaces (also no-break and ideographic) and dashes
 * (hyphen-minus and the Unicode hyphens, dashes and minus people paste from documents).
 */
const NUMBER_SEPARATORS = [
  ' ',
  '\u00a0',
  '\u3000',
  '-',
  '\u2010',
  '\u2011',
  '\u2012',
  '\u2013',
  '\u2014',
  '\u2212',
  '\uff0d',
];

const NAME_COLUMNS = SUFFIXES.map((s) => `name${s}`);
const TEXT_COLUMNS = [...NAME_COLUMNS, 'toy_number', 'article_number', 'factory_number'];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQL of the three indexed texts of the row `row` (NEW, OLD or a table alias). */
function texts(row: string, nl: string) {
  const numberKey = (column: string) =>
    NUMBER_SEPARATORS.reduce((acc, s) => `replace(${acc}, ${quote(s)}, '')`, `${row}.${column}`);
  return {
    names: `${NAME_COLUMNS.map((c) => `${row}.${c}`).join(` || ${nl} || `)} || ${nl}`,
    numbers: `${nl} || ${numberKey('toy_number')} || ${nl} || ${numberKey('article_number')} || ${nl}`,
    factory: `${nl} || ${numberKey('factory_number')} || ${nl}`,
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(
    `CREATE VIRTUAL TABLE product_search USING fts5(names, numbers, factory, scope, content='', ` +
      `contentless_delete=1, tokenize='trigram remove_diacritics 1')`,
  );
  // One row per trigram occurrence: the trigrams that start with a one- or two-character query.
  await run(`CREATE VIRTUAL TABLE product_search_terms USING fts5vocab(product_search, 'instance')`);

  const scope = (row: string) => `char(2) || ${row}.company_id || char(2)`;
  const p = texts('p', 'char(10)');
  await run(
    `INSERT INTO product_search(rowid, names, numbers, factory, scope) ` +
      `SELECT p.id, ${p.names}, ${p.numbers}, ${p.factory}, ${scope('p')} FROM products p`,
  );
  const n = texts('new', 'char(10)');
  const insert =
    `INSERT INTO product_search(rowid, names, numbers, factory, scope) ` +
    `VALUES (new.id, ${n.names}, ${n.numbers}, ${n.factory}, ${scope('new')});`;
  await run(`CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN ${insert} END`);
  // Only a change of a searched column rewrites the entry; click counts and flags change often.
  await run(
    `CREATE TRIGGER products_search_update AFTER UPDATE OF company_id, ${TEXT_COLUMNS.join(', ')} ` +
      `ON products BEGIN ` +
      `DELETE FROM product_search WHERE rowid = old.id; ${insert} END`,
  );
  await run(
    `CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN ` +
      `DELETE FROM product_search WHERE rowid = old.id; END`,
  );
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const available = await sql<{ name: string }>`
    SELECT name FROM pg_available_extensions WHERE name IN ('pg_trgm', 'unaccent')`.execute(db);
  const has = (name: string) => available.rows.some((r) => r.name === name);
  // Without pg_trgm, search still answers (a scan of product_search), only slower.
  if (has('pg_trgm')) await run('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  if (has('unaccent')) await run('CREATE EXTENSION IF NOT EXISTS unaccent');

  // STABLE, not IMMUTABLE: unaccent reads its dictionary. Queries call it once per value.
  await run(
    `CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE ` +
      `SET search_path FROM CURRENT AS $$ SELECT ${has('unaccent') ? 'lower(unaccent($1))' : 'lower($1)'} $$`,
  );

  await run(
    `CREATE TABLE product_search (` +
      `product_id bigint PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE, ` +
      `company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE, ` +
      `names text NOT NULL, numbers text NOT NULL, factory text NOT NULL)`,
  );
  const p = texts('p', 'chr(10)');
  await run(
    `INSERT INTO product_search(product_id, company_id, names, numbers, factory) ` +
      `SELECT p.id, p.company_id, search_fold(${p.names}), search_fold(${p.numbers}), ` +
      `search_fold(${p.factory}) FROM products p`,
  );
  if (has('pg_trgm')) {
    for (const column of ['names', 'numbers', 'factory']) {
      await run(`CREATE INDEX product_search_${column} ON product_search USING gin (${column} gin_trgm_ops)`);
    }
  }

  const n = texts('NEW', 'chr(10)');
  await run(
    `CREATE FUNCTION product_search_sync() RETURNS trigger LANGUAGE plpgsql ` +
      `SET search_path FROM CURRENT AS $$ BEGIN ` +
      `INSERT INTO product_search(product_id, company_id, names, numbers, factory) ` +
      `VALUES (NEW.id, NEW.company_id, search_fold(${n.names}), search_fold(${n.numbers}), ` +
      `search_fold(${n.factory})) ` +
      `ON CONFLICT (product_id) DO UPDATE SET company_id = EXCLUDED.company_id, ` +
      `names = EXCLUDED.names, numbers = EXCLUDED.numbers, factory = EXCLUDED.factory; ` +
      `RETURN NULL; END $$`,
  );
  // Deletes follow the foreign key; only a change of a searched column rewrites the entry.
  await run(
    `CREATE TRIGGER products_search_sync AFTER INSERT OR UPDATE OF company_id, ${TEXT_COLUMNS.join(', ')} ` +
      `ON products FOR EACH ROW EXECUTE FUNCTION product_search_sync()`,
  );
}
