/**
 * The keyword filter of get_list (decision 0021): product names in every language, toy, article
 * and factory numbers, over the index of migration 0003 (an FTS5 trigram table on SQLite,
 * pg_trgm on PostgreSQL). It belongs to the catalogue because a keyword is one more filter of
 * the same product list, composed with its category, flag, order and paging in one statement.
 */
import { type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import { param } from '../../db/compiled-query';
import type { Database } from '../../db/database';

/** A keyword taken apart, before any database is involved. */
export interface Keyword {
  /** As typed (NFC, control characters and runs of white space as one space): searched in names. */
  name: string;
  /** Without spaces and dashes, in lower case, full-width forms made plain: searched in numbers. */
  number: string;
  /** Factory numbers are searched too (the website shows them). */
  factory: boolean;
}

// The same characters as NUMBER_SEPARATORS of migration 0003 (after NFKC, which turns the
// full-width and ideographic forms into these).
const NUMBER_SEPARATORS = /[ \u00a0\u3000\-\u2010-\u2014\u2212\uff0d]/gu;

export function parseKeyword(keyword: string, factory: boolean): Keyword | undefined {
  const name = keyword
    .normalize('NFC')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  if (!name) return undefined;
  const number = name.normalize('NFKC').replace(NUMBER_SEPARATORS, '').toLowerCase();
  return { name, number, factory };
}

/** Folded as the trigram tokenizer folds (case, then Latin diacritics), to read its vocabulary. */
export const foldLikeTrigrams = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');

const length = (text: string) => [...text].length;

/**
 * A one- or two-character keyword is answered from the trigram vocabulary (every trigram that
 * starts with it) while it occurs at most this often in the index: about 5 ms of reading at
 * 100 000 products. More often ('a', 'ca') it would match most of the catalogue and cost up
 * to seconds per page, so it is refused with a tip asking for more characters.
 */
export const SHORT_KEYWORD_MAX_OCCURRENCES = 20_000;

/**
 * From this many matches on, SQLite reads a page along the order's index, testing each id
 * against the matches (stopping after one page); below it, it reads the matches by id and sorts
 * them. Measured at 100 000 products: both cost about 1 ms at 500 matches.
 */
export const WALK_FROM_MATCHES = 500;

/**
 * A keyword ready for the product query. The shape fields decide the SQL (and are part of the
 * compiled query's cache key); `v` holds the values, which become parameters.
 */
export interface TextFilter {
  /** Names (and numbers, when `numbers`) through the trigram index; SQLite: not for one or two characters. */
  indexed: boolean;
  /** Numbers searched through the trigram index. */
  numbers: boolean;
  factory: boolean;
  /** SQLite: vocabulary ranges of one- or two-character parts, by the columns each covers. */
  ranges: string[][];
  /** The keyword has a number part, so an exact number match can exist. */
  exact: boolean;
  /** Exact number matches first: set once the totals showed some among others (a plain order is cheaper). */
  rankExact: boolean;
  /** SQLite with many matches: read the page along the order's index (see WALK_FROM_MATCHES). */
  walk: boolean;
  v: {
    /** SQLite: the FTS5 expression of the indexed part; PostgreSQL: the names' LIKE pattern. */
    match: string;
    /** PostgreSQL: the numbers' LIKE pattern. */
    number: string;
    /** SQLite: FTS5 expression of an exact number; PostgreSQL: its LIKE pattern. */
    exact: string;
    /** SQLite: the match and the exact expressions within the company (counted in the index). */
    matchInCompany: string;
    exactInCompany: string;
    /** SQLite: each range's first term and the first term after it. */
    from: string[];
    to: string[];
  };
}

export interface TextTotals {
  total: number;
  /** How many of them match a number exactly. */
  exact: number;
}

/** The dialect's half of text search: how a keyword becomes SQL. */
export interface TextSearch {
  /** The filter for a keyword, or undefined when it is too short and too common to search. */
  prepare(keyword: Keyword, companyId: number): Promise<TextFilter | undefined>;
  /** The condition on products: it matches (`companyId` may be a query parameter). */
  matches(t: TextFilter, companyId: number): RawBuilder<SqlBool>;
  /** Ids of the products whose number is exactly the keyword. */
  exactIds(t: TextFilter, companyId: number): RawBuilder<number>;
  /** Totals read from the search index alone (no other filter), when the index can tell. */
  indexTotals(t: TextFilter, companyId: number): RawBuilder<TextTotals> | undefined;
  /** With the totals known, how the page is best read. */
  settle(t: TextFilter, totals: TextTotals): TextFilter;
}

/** A copy of the filter whose values read from each call's input (compiled-query templates). */
export function textTemplate<I>(t: TextFilter, read: (input: I) => TextFilter | undefined): TextFilter {
  const at = (f: (v: TextFilter['v']) => string) => param((input: I) => f((read(input) as TextFilter).v));
  return {
    ...t,
    v: {
      match: at((v) => v.match),
      number: at((v) => v.number),
      exact: at((v) => v.exact),
      matchInCompany: at((v) => v.matchInCompany),
      exactInCompany: at((v) => v.exactInCompany),
      from: t.v.from.map((_, i) => at((v) => v.from[i] ?? '')),
      to: t.v.to.map((_, i) => at((v) => v.to[i] ?? '')),
    },
  };
}

/** Exact matches need putting first only when some, not all, of the matches are exact. */
const ranksExact = ({ total, exact }: TextTotals) => exact > 0 && exact < total;

const noValues = (): TextFilter['v'] => ({
  match: '',
  number: '',
  exact: '',
  matchInCompany: '',
  exactInCompany: '',
  from: [],
  to: [],
});

export function createTextSearch(db: Kysely<Database>): TextSearch {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgresSearch(db) : sqliteSearch(db);
}

// --- SQLite: FTS5 trigram -----------------------------------------------------------------------

/** An FTS5 phrase: the text as is, between double quotes (a double quote doubled). */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The first string after every string that starts with `prefix`. */
function after(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  // The surrogate range holds no characters; the next one after it is U+E000.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

function sqliteSearch(db: Kysely<Database>): TextSearch {
  const numberColumns = (factory: boolean) => (factory ? ['numbers', 'factory'] : ['numbers']);
  const columnFilter = (columns: string[]) => (columns.length === 1 ? columns[0] : `{${columns.join(' ')}}`);
  const scope = (companyId: number) => `scope : ${phrase(`\u0002${companyId}\u0002`)}`;
  const columnList = (columns: string[]) => sql.join(columns.map((c) => sql.lit(c)));

  /** How often a range's trigrams occur, counting no further than the limit. */
  async function occurrences(from: string, to: string, columns: string[]): Promise<number> {
    const r = await sql<{ n: number }>`
      SELECT count(*) AS n FROM (
        SELECT 1 FROM product_search_terms
        WHERE term >= ${from} AND term < ${to} AND col IN (${columnList(columns)})
        LIMIT ${SHORT_KEYWORD_MAX_OCCURRENCES + 1})`.execute(db);
    return r.rows[0]?.n ?? 0;
  }

  return {
    async prepare({ name, number, factory }, companyId) {
      const numbers = numberColumns(factory);
      const shortName = length(foldLikeTrigrams(name)) < 3;
      const numberKind = !number ? 'none' : length(number) < 3 ? 'prefix' : 'index';
      const exactExpr = `${columnFilter(numbers)} : ${phrase(`\n${number}\n`)}`;
      const t: TextFilter = {
        indexed: !shortName,
        numbers: numberKind === 'index',
        factory,
        ranges: [],
        exact: number !== '',
        rankExact: false,
        walk: false,
        v: noValues(),
      };
      const expressions = [
        ...(shortName ? [] : [`names : ${phrase(name)}`]),
        ...(numberKind === 'index' ? [`${columnFilter(numbers)} : ${phrase(number)}`] : []),
      ];
      if (expressions.length) {
        t.v.match = expressions.join(' OR ');
        t.v.matchInCompany = `(${t.v.match}) AND ${scope(companyId)}`;
      }
      if (t.exact) {
        t.v.exact = exactExpr;
        t.v.exactInCompany = `${exactExpr} AND ${scope(companyId)}`;
      }

      const namePrefix = foldLikeTrigrams(name);
      const numberPrefix = foldLikeTrigrams(number);
      if (shortName) {
        // The number is never longer than the name, so it is short too.
        const ranges =
          numberKind === 'none'
            ? [{ prefix: namePrefix, columns: ['names'] }]
            : namePrefix === numberPrefix
              ? [{ prefix: namePrefix, columns: ['names', ...numbers] }]
              : [
                  { prefix: namePrefix, columns: ['names'] },
                  { prefix: numberPrefix, columns: numbers },
                ];
        let seen = 0;
        for (const r of ranges) seen += await occurrences(r.prefix, after(r.prefix), r.columns);
        if (seen > SHORT_KEYWORD_MAX_OCCURRENCES) return undefined;
        for (const r of ranges) {
          t.ranges.push(r.columns);
          t.v.from.push(r.prefix);
          t.v.to.push(after(r.prefix));
        }
      } else if (numberKind === 'prefix') {
        // A long name with a short number part ('a-b'): the name still searches, and the
        // number part only while it is rare enough.
        const n = await occurrences(numberPrefix, after(numberPrefix), numbers);
        if (n <= SHORT_KEYWORD_MAX_OCCURRENCES) {
          t.ranges.push(numbers);
          t.v.from.push(numberPrefix);
          t.v.to.push(after(numberPrefix));
        }
      }
      return t;
    },

    matches(t) {
      const parts: RawBuilder<number>[] = [];
      if (t.indexed) {
        parts.push(sql<number>`SELECT rowid FROM product_search WHERE product_search MATCH ${t.v.match}`);
      }
      t.ranges.forEach((columns, i) =>
        parts.push(
          sql<number>`SELECT doc FROM product_search_terms
            WHERE term >= ${t.v.from[i]} AND term < ${t.v.to[i]} AND col IN (${columnList(columns)})`,
        ),
      );
      const ids = sql.join(parts, sql` UNION `);
      // "+" keeps SQLite from reading the matches by id, so it walks the order's index instead.
      return t.walk ? sql<SqlBool>`+products.id IN (${ids})` : sql<SqlBool>`products.id IN (${ids})`;
    },

    exactIds(t) {
      return sql<number>`SELECT rowid FROM product_search WHERE product_search MATCH ${t.v.exact}`;
    },

    indexTotals(t) {
      // The vocabulary knows no company; ranges are counted through the products table.
      if (t.ranges.length || !t.indexed) return undefined;
      const exact = t.exact
        ? sql`(SELECT count(*) FROM product_search WHERE product_search MATCH ${t.v.exactInCompany})`
        : sql`0`;
      return sql<TextTotals>`SELECT
        (SELECT count(*) FROM product_search WHERE product_search MATCH ${t.v.matchInCompany}) AS total,
        ${exact} AS exact`;
    },

    settle(t, totals) {
      const rankExact = ranksExact(totals);
      // Ranking by exactness needs every match sorted, so only a plain order can walk the index.
      return { ...t, rankExact, walk: !rankExact && totals.total >= WALK_FROM_MATCHES };
    },
  };
}

// --- PostgreSQL: pg_trgm ------------------------------------------------------------------------

/** A LIKE pattern that finds the text anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function postgresSearch(db: Kysely<Database>): TextSearch {
  const numbersLike = (t: TextFilter, pattern: string) =>
    t.factory
      ? sql`(ps.numbers LIKE ${pattern} OR ps.factory LIKE ${pattern})`
      : sql`ps.numbers LIKE ${pattern}`;
  const matchCondition = (t: TextFilter) =>
    t.numbers
      ? sql`(ps.names LIKE ${t.v.match} OR ${numbersLike(t, t.v.number)})`
      : sql`ps.names LIKE ${t.v.match}`;

  return {
    async prepare({ name, number, factory }) {
      // Folded by the database's own search_fold (as the index was), and handed to the query as
      // plain values: the planner then sees the patterns, and scans the table rather than the
      // whole trigram index for one shorter than a trigram.
      const r = await sql<{ match: string; number: string; exact: string }>`SELECT
        search_fold(${containing(name)}) AS match,
        search_fold(${containing(number)}) AS number,
        search_fold(${containing(`\n${number}\n`)}) AS exact`.execute(db);
      const folded = r.rows[0];
      if (!folded) throw new Error('search_fold answered nothing');
      const v = noValues();
      v.match = folded.match;
      v.number = folded.number;
      v.exact = folded.exact;
      return {
        indexed: true,
        numbers: number !== '',
        factory,
        ranges: [],
        exact: number !== '',
        rankExact: false,
        walk: false,
        v,
      };
    },

    matches(t, companyId) {
      // The planner chooses between reading the matches by id and walking the order's index
      // itself, from its statistics; forcing the walk (a hashed subplan) was slower for broad and
      // for short keywords, which it answers by probing product_search along the index.
      return sql<SqlBool>`products.id IN (SELECT ps.product_id FROM product_search ps
        WHERE ps.company_id = ${companyId} AND ${matchCondition(t)})`;
    },

    exactIds(t, companyId) {
      return sql<number>`SELECT ps.product_id FROM product_search ps
        WHERE ps.company_id = ${companyId} AND ${numbersLike(t, t.v.exact)}`;
    },

    indexTotals(t, companyId) {
      const exact = t.exact ? sql`count(*) FILTER (WHERE ${numbersLike(t, t.v.exact)})` : sql`0`;
      return sql<TextTotals>`SELECT count(*) AS total, ${exact} AS exact FROM product_search ps
        WHERE ps.company_id = ${companyId} AND ${matchCondition(t)}`;
    },

    settle(t, totals) {
      return { ...t, rankExact: ranksExact(totals) };
    },
  };
}
