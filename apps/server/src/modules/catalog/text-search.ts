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
 * Scripts written without spaces between words: a keyword in them is searched as a substring
 * whatever its length (飞机 inside 遥控飞机玩具). Korean is spaced, but compound nouns are
 * often written together (공주인형), so it is searched the same way.
 */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * What may stand before a word: line breaks (between a product's names), spaces, dashes,
 * brackets, quotes and punctuation, also their full-width forms. Both dialects search a short
 * frequent keyword after one of these, so they agree on what a word start is.
 */
export const WORD_STARTS = [
  ...'\n \u00a0\u3000-\u2010\u2013\u2014_/\\([{<"\'\u2018\u201c\u201e\u00ab.,:;!?+&*#\u00b7',
  ...'\uff08\uff3b\u3010\u300c\u300e\u300a\uff0c\u3001\u3002\uff1a\uff0f\u30fb',
];

export interface TextSearchLimits {
  /**
   * A one- or two-character name keyword is searched as a substring while it occurs at most this
   * often in the index. More often ('rc', 'ca' at 100 000 products) a substring would match
   * words it is only part of (circle, arc) and cost up to seconds per page, so it is searched at
   * the start of words instead (the tip asks for more characters when that cannot be done).
   */
  shortKeywordMaxOccurrences: number;
  /**
   * SQLite: a one- or two-character part searched as a substring becomes the trigrams that start
   * with it; at most this many of them, occurring at most `expandMaxOccurrences` times in all
   * (about 10 ms of matching at 100 000 products), else it cannot be searched quickly.
   */
  expandMaxTerms: number;
  expandMaxOccurrences: number;
}

export const DEFAULT_TEXT_SEARCH_LIMITS: TextSearchLimits = {
  shortKeywordMaxOccurrences: 20_000,
  expandMaxTerms: 64,
  expandMaxOccurrences: 120_000,
};

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
  /** Something can match: false when every part of the keyword is absent from the index. */
  indexed: boolean;
  /** Numbers searched too. */
  numbers: boolean;
  factory: boolean;
  /** PostgreSQL: the names are searched at word starts (a regular expression), not as a substring. */
  words: boolean;
  /** The keyword has a number part, so an exact number match can exist. */
  exact: boolean;
  /** Exact number matches first: set once the totals showed some among others (a plain order is cheaper). */
  rankExact: boolean;
  /** SQLite with many matches: read the page along the order's index (see WALK_FROM_MATCHES). */
  walk: boolean;
  v: {
    /** SQLite: the FTS5 expression; PostgreSQL: the names' LIKE pattern or regular expression. */
    match: string;
    /** PostgreSQL: the numbers' LIKE pattern. */
    number: string;
    /** SQLite: FTS5 expression of an exact number; PostgreSQL: its LIKE pattern. */
    exact: string;
    /** SQLite: the match and the exact expressions within the company (counted in the index). */
    matchInCompany: string;
    exactInCompany: string;
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
});

export function createTextSearch(
  db: Kysely<Database>,
  limits: TextSearchLimits = DEFAULT_TEXT_SEARCH_LIMITS,
): TextSearch {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? postgresSearch(db, limits)
    : sqliteSearch(db, limits);
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

/** The vocabulary view of migration 0007: occurrences of each trigram per column. */
type VocabularyTables = {
  product_search_columns: { term: string; col: string; cnt: number };
};

/** The trigrams of a range read so far, and whether reading stopped at a limit. */
interface Expansion {
  terms: string[];
  occurrences: number;
  stopped: boolean;
}

function sqliteSearch(db: Kysely<Database>, limits: TextSearchLimits): TextSearch {
  const numberColumns = (factory: boolean) => (factory ? ['numbers', 'factory'] : ['numbers']);
  const columnFilter = (columns: string[]) => (columns.length === 1 ? columns[0] : `{${columns.join(' ')}}`);
  const scope = (companyId: number) => `scope : ${phrase(`\u0002${companyId}\u0002`)}`;
  const anyOf = (columns: string[], terms: string[]) =>
    `${columnFilter(columns)} : (${terms.map(phrase).join(' OR ')})`;

  /**
   * The trigrams that start with `prefix` in the columns: a substring of one or two characters
   * occurs exactly where one of them does, since every value ends with a line break. Read in
   * term order, stopping once the limits are passed, so a very common prefix ('a') costs no
   * more than a few milliseconds before it is known to be one.
   */
  async function expand(prefix: string, columns: string[], maxOccurrences: number): Promise<Expansion> {
    const rows = db
      .withTables<VocabularyTables>()
      .selectFrom('product_search_columns')
      .select(['term', 'cnt'])
      .where('term', '>=', prefix)
      .where('term', '<', after(prefix))
      .where('col', 'in', columns)
      .stream();
    const found: Expansion = { terms: [], occurrences: 0, stopped: false };
    for await (const { term, cnt } of rows) {
      if (found.terms.at(-1) !== term) found.terms.push(term);
      found.occurrences += cnt;
      if (found.occurrences > maxOccurrences || found.terms.length > limits.expandMaxTerms) {
        found.stopped = true;
        break;
      }
    }
    return found;
  }

  /** The FTS5 expression of a one- or two-character name, or undefined when it cannot be searched. */
  async function shortName(name: string): Promise<string | false | undefined> {
    if (UNSPACED.test(name)) {
      const e = await expand(name, ['names'], limits.expandMaxOccurrences);
      if (e.stopped) return undefined;
      return e.terms.length ? anyOf(['names'], e.terms) : false;
    }
    const e = await expand(name, ['names'], limits.shortKeywordMaxOccurrences);
    if (!e.stopped) return e.terms.length ? anyOf(['names'], e.terms) : false;
    // Too common as a substring: at word starts, each "<separator><keyword>" one trigram. One
    // character would need a range of two-character starts, as common as the letter itself.
    if (length(name) < 2) return undefined;
    // Only those in the vocabulary: each phrase costs a lookup in every segment of the index,
    // in the count and again in the page, and most separators never precede the keyword.
    const lookups = WORD_STARTS.map(
      (s) =>
        sql<{
          term: string;
        }>`SELECT term FROM product_search_columns WHERE term = ${s + name} AND col = 'names'`,
    );
    const found = await sql<{ term: string }>`${sql.join(lookups, sql` UNION ALL `)}`.execute(db);
    return found.rows.length ? anyOf(['names'], [...new Set(found.rows.map((r) => r.term))]) : false;
  }

  return {
    async prepare({ name, number, factory }, companyId) {
      const numbers = numberColumns(factory);
      const folded = foldLikeTrigrams(name);
      const numberPrefix = foldLikeTrigrams(number);
      // false: searched, and nothing can match; undefined: cannot be searched quickly.
      const nameExpr = length(folded) < 3 ? await shortName(folded) : `names : ${phrase(name)}`;
      if (nameExpr === undefined) return undefined;
      let numberExpr: string | false = false;
      if (number && length(number) < 3) {
        // Numbers are always searched in part. A part too common to expand is left out, as the
        // name (or the exact number) still answers.
        const e = await expand(numberPrefix, numbers, limits.expandMaxOccurrences);
        if (!e.stopped && e.terms.length) numberExpr = anyOf(numbers, e.terms);
      } else if (number) {
        numberExpr = `${columnFilter(numbers)} : ${phrase(number)}`;
      }
      const expressions = [nameExpr, numberExpr].filter((e): e is string => e !== false);
      const exactExpr = `${columnFilter(numbers)} : ${phrase(`\n${number}\n`)}`;
      const t: TextFilter = {
        indexed: expressions.length > 0,
        numbers: numberExpr !== false,
        factory,
        words: false,
        exact: number !== '',
        rankExact: false,
        walk: false,
        v: noValues(),
      };
      if (t.indexed) {
        t.v.match = expressions.join(' OR ');
        t.v.matchInCompany = `(${t.v.match}) AND ${scope(companyId)}`;
      }
      if (t.exact) {
        t.v.exact = exactExpr;
        t.v.exactInCompany = `${exactExpr} AND ${scope(companyId)}`;
      }
      return t;
    },

    matches(t) {
      if (!t.indexed) return sql<SqlBool>`1 = 0`;
      const ids = sql<number>`SELECT rowid FROM product_search WHERE product_search MATCH ${t.v.match}`;
      // "+" keeps SQLite from reading the matches by id, so it walks the order's index instead.
      return t.walk ? sql<SqlBool>`+products.id IN (${ids})` : sql<SqlBool>`products.id IN (${ids})`;
    },

    exactIds(t) {
      return sql<number>`SELECT rowid FROM product_search WHERE product_search MATCH ${t.v.exact}`;
    },

    indexTotals(t, companyId) {
      if (!t.indexed) return sql<TextTotals>`SELECT 0 AS total, 0 AS exact`;
      // The index keeps the products taken off the showroom (the console searches them too):
      // the matches are counted without them, whose ids are read once from their own small
      // index (migration 0023), so the index is still read once.
      const shown = sql`rowid NOT IN (SELECT id FROM products INDEXED BY products_taken_off
        WHERE company_id = ${companyId} AND is_website_hide = 1)`;
      const exact = t.exact
        ? sql`(SELECT count(*) FROM product_search WHERE product_search MATCH ${t.v.exactInCompany} AND ${shown})`
        : sql`0`;
      return sql<TextTotals>`SELECT
        (SELECT count(*) FROM product_search WHERE product_search MATCH ${t.v.matchInCompany} AND ${shown}) AS total,
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

/** A regular expression (PostgreSQL's) that finds the text at the start of a name or after a WORD_START. */
const atWordStart = (text: string) => {
  const literal = text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
  const starts = WORD_STARTS.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('');
  return `(^|[${starts}])${literal}`;
};

function postgresSearch(db: Kysely<Database>, limits: TextSearchLimits): TextSearch {
  const numbersLike = (t: TextFilter, pattern: string) =>
    t.factory
      ? sql`(ps.numbers LIKE ${pattern} OR ps.factory LIKE ${pattern})`
      : sql`ps.numbers LIKE ${pattern}`;
  const namesMatch = (t: TextFilter) =>
    t.words ? sql`ps.names ~ ${t.v.match}` : sql`ps.names LIKE ${t.v.match}`;
  const matchCondition = (t: TextFilter) =>
    t.numbers ? sql`(${namesMatch(t)} OR ${numbersLike(t, t.v.number)})` : namesMatch(t);

  /**
   * Whether a short name occurs more often than the limit in all names, as SQLite's vocabulary
   * counts it. Stops after as many names as the limit (each holds it at least once); a rare
   * keyword costs a scan, as answering it does.
   */
  async function frequent(folded: string): Promise<boolean> {
    const limit = limits.shortKeywordMaxOccurrences;
    const r = await sql<{ n: string | number | null }>`
      SELECT sum((length(names) - length(replace(names, ${folded}, ''))) / length(${folded})) AS n
      FROM (SELECT names FROM product_search WHERE names LIKE ${containing(folded)} LIMIT ${limit + 1}) s`.execute(
      db,
    );
    return Number(r.rows[0]?.n ?? 0) > limit;
  }

  return {
    async prepare({ name, number, factory }) {
      // Folded by the database's own search_fold (as the index was), and handed to the query as
      // plain values: the planner then sees the patterns, and scans the table rather than the
      // whole trigram index for one shorter than a trigram.
      const r = await sql<{ name: string; number: string; exact: string }>`SELECT
        search_fold(${name}) AS name,
        search_fold(${containing(number)}) AS number,
        search_fold(${containing(`\n${number}\n`)}) AS exact`.execute(db);
      const folded = r.rows[0];
      if (!folded) throw new Error('search_fold answered nothing');
      const short = length(folded.name) < 3 && !UNSPACED.test(folded.name);
      const words = short && (await frequent(folded.name));
      // As on SQLite: one frequent character cannot be searched at word starts quickly.
      if (words && length(folded.name) < 2) return undefined;
      const v = noValues();
      v.match = words ? atWordStart(folded.name) : containing(folded.name);
      v.number = folded.number;
      v.exact = folded.exact;
      return {
        indexed: true,
        numbers: number !== '',
        factory,
        words,
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
      // The index keeps the products taken off the showroom (the console searches them too): the
      // matches are counted without them, read from their own small index (migration 0023).
      return sql<TextTotals>`SELECT count(*) AS total, ${exact} AS exact FROM product_search ps
        WHERE ps.company_id = ${companyId} AND ${matchCondition(t)}
          AND ps.product_id NOT IN (SELECT p.id FROM products p
            WHERE p.company_id = ${companyId} AND p.is_website_hide = 1)`;
    },

    settle(t, totals) {
      return { ...t, rankExact: ranksExact(totals) };
    },
  };
}
