import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type Kysely,
  NoResultError,
  type QueryNode,
} from 'kysely';

/**
 * A value left open in a query template, read from each call's input when the query runs.
 * It stands in for a number or a string inside a Kysely builder; it must never decide the shape
 * of the SQL, so turning it into a primitive (comparing, adding, printing) throws.
 */
class Param {
  constructor(readonly read: (input: never) => unknown) {}
  /**
   * What the template's cache key shows in its place, so all calls share the compiled SQL; a NUL
   * character, which no id, enum or language suffix kept in a template contains.
   */
  toJSON(): string {
    return '\u0000?';
  }
  [Symbol.toPrimitive](): never {
    throw new Error('a query parameter was used to shape SQL; put that value in the template instead');
  }
}

/** A parameter of a compiled query, read from the input of each call. */
export const param = <I, T>(read: (input: I) => T): T => new Param(read as (input: never) => unknown) as T;

const DEFAULT_MAX_SHAPES = 200;

/**
 * A hot query compiled once per shape rather than on every call. Building and compiling a
 * Kysely query costs more than running a small indexed one, and the SQL text only changes with
 * the shape (filters present, order, language columns, list lengths); the values change per call.
 *
 * `template(input)` returns the input with each value replaced by `param(...)`; whatever it keeps
 * as is (sort, language suffix, list lengths) becomes part of the cache key, so a template that
 * forgets to open a value is still correct, only cached per value. `build` sees only the template.
 */
export function compiledQuery<I, T, O>(
  db: Kysely<T>,
  template: (input: I) => I,
  build: (template: I) => Compilable<O>,
  maxShapes = DEFAULT_MAX_SHAPES,
) {
  const shapes = new Map<string, CompiledQuery<O>>();

  function compiledFor(input: I): CompiledQuery<O> {
    const t = template(input);
    const key = JSON.stringify(t);
    let compiled = shapes.get(key);
    if (!compiled) {
      compiled = build(t).compile();
      if (shapes.size >= maxShapes) shapes.delete(shapes.keys().next().value as string);
      shapes.set(key, compiled);
    }
    return {
      query: compiled.query,
      queryId: createQueryId(),
      sql: compiled.sql,
      parameters: compiled.parameters.map((v) => (v instanceof Param ? v.read(input as never) : v)),
    };
  }

  return {
    async execute(input: I): Promise<O[]> {
      return (await db.executeQuery(compiledFor(input))).rows;
    },
    async executeTakeFirst(input: I): Promise<O | undefined> {
      return (await db.executeQuery(compiledFor(input))).rows[0];
    },
    async executeTakeFirstOrThrow(input: I): Promise<O> {
      const compiled = compiledFor(input);
      const [row] = (await db.executeQuery(compiled)).rows;
      if (row === undefined) throw new NoResultError(compiled.query as QueryNode);
      return row;
    },
    /** The SQL and values a call would run (tests). */
    compile: compiledFor,
  };
}

/**
 * The template of a flat input whose numbers are values and whose other fields shape the SQL:
 * each number, and each number in a list, becomes a parameter; strings and list lengths stay.
 */
export function openNumbers<I extends object>(input: I): I {
  const t: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'number') {
      t[key] = param((x: Record<string, number>) => x[key]);
    } else if (Array.isArray(value) && value.every((v) => typeof v === 'number')) {
      t[key] = value.map((_, i) => param((x: Record<string, number[]>) => x[key]?.[i]));
    } else {
      t[key] = value;
    }
  }
  return t as I;
}
