import hnswlib from 'hnswlib-node';

export interface Neighbour {
  readonly id: number;
  /** Inner product with the query (cosine similarity for unit vectors). */
  readonly similarity: number;
}

/** Nearest neighbours of unit vectors by inner product; ids are non-negative integers. */
export interface VectorIndex {
  readonly dimensions: number;
  readonly size: number;
  /** Adds a vector, or replaces the one stored under the same id. */
  add(id: number, vector: Float32Array): void;
  remove(id: number): void;
  /** Up to k neighbours, most similar first. */
  search(query: Float32Array, k: number): Neighbour[];
}

/**
 * Exact search through inverted lists: one list per dimension of the (slot, value) pairs of the
 * vectors that are non-zero there, so a query costs one multiply-add per shared non-zero entry.
 * Bags of visual words fill some 300 of 1 024 word dimensions, so at 100 000 pictures this is
 * several times less work than comparing whole vectors, with exact answers and no build step.
 * A dimension most vectors use (the colour histogram's) is kept as a plain array by slot instead,
 * which reads memory in order.
 */
export class InvertedVectorIndex implements VectorIndex {
  /** Per dimension: slots of a sparse list, or null once the dimension is dense. */
  private readonly slots: (Int32Array | null)[];
  /** Per dimension: values of a sparse list, or the value of every slot when dense. */
  private readonly values: Float32Array[];
  private readonly lengths: Int32Array;
  private slotIds: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private alive = new Uint8Array(1024);
  private dead = 0;

  constructor(readonly dimensions: number) {
    this.slots = Array.from({ length: dimensions }, () => new Int32Array(16));
    this.values = Array.from({ length: dimensions }, () => new Float32Array(16));
    this.lengths = new Int32Array(dimensions);
  }

  get size(): number {
    return this.slotOf.size;
  }

  add(id: number, vector: Float32Array): void {
    if (vector.length !== this.dimensions) throw new Error('Vector has the wrong number of dimensions');
    this.remove(id);
    const slot = this.slotIds.length;
    this.slotIds.push(id);
    this.slotOf.set(id, slot);
    if (slot >= this.alive.length) {
      const grown = new Uint8Array(this.alive.length * 2);
      grown.set(this.alive);
      this.alive = grown;
    }
    this.alive[slot] = 1;
    for (let d = 0; d < this.dimensions; d++) {
      const v = vector[d] as number;
      if (v !== 0 || this.slots[d] === null) this.append(d, slot, v);
    }
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    // Lists keep the slot until enough are dead to be worth compacting.
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.dead++;
    if (this.dead > 1024 && this.dead > this.slotIds.length / 4) this.compact();
  }

  search(query: Float32Array, k: number): Neighbour[] {
    const n = this.slotIds.length;
    const scores = new Float64Array(n);
    for (let d = 0; d < this.dimensions; d++) {
      const q = query[d] as number;
      if (q === 0) continue;
      const slots = this.slots[d] as Int32Array | null;
      const values = this.values[d] as Float32Array;
      if (slots === null) {
        for (let s = 0; s < n; s++) scores[s] = (scores[s] as number) + q * (values[s] as number);
        continue;
      }
      const len = this.lengths[d] as number;
      for (let i = 0; i < len; i++) {
        const s = slots[i] as number;
        scores[s] = (scores[s] as number) + q * (values[i] as number);
      }
    }
    const top = new TopK(Math.min(k, this.size));
    for (let s = 0; s < n; s++) if (this.alive[s]) top.offer(s, scores[s] as number);
    return top.sorted().map(({ key, value }) => ({ id: this.slotIds[key] as number, similarity: value }));
  }

  private append(d: number, slot: number, value: number): void {
    const slots = this.slots[d] as Int32Array | null;
    let values = this.values[d] as Float32Array;
    if (slots === null) {
      if (slot >= values.length) values = this.values[d] = growFloats(values, slot + 1);
      values[slot] = value;
      return;
    }
    const len = this.lengths[d] as number;
    // Dense from half the slots on: the plain array is then no larger than the list.
    if (len >= 512 && len * 2 >= this.slotIds.length) {
      const dense = new Float32Array(Math.max(values.length, slot + 1) * 2);
      for (let i = 0; i < len; i++) dense[slots[i] as number] = values[i] as number;
      dense[slot] = value;
      this.slots[d] = null;
      this.values[d] = dense;
      return;
    }
    if (len === slots.length) {
      this.slots[d] = growInts(slots, len + 1);
      this.values[d] = values = growFloats(values, len + 1);
    }
    (this.slots[d] as Int32Array)[len] = slot;
    values[len] = value;
    this.lengths[d] = len + 1;
  }

  /** Renumbers the live slots densely and drops the dead ones from every list. */
  private compact(): void {
    const renumber = new Int32Array(this.slotIds.length).fill(-1);
    const ids: number[] = [];
    this.slotIds.forEach((id, s) => {
      if (!this.alive[s]) return;
      renumber[s] = ids.length;
      ids.push(id);
    });
    for (let d = 0; d < this.dimensions; d++) {
      const slots = this.slots[d] as Int32Array | null;
      const values = this.values[d] as Float32Array;
      if (slots === null) {
        for (let s = 0; s < renumber.length; s++) {
          const to = renumber[s] as number;
          if (to >= 0) values[to] = values[s] as number;
        }
        continue;
      }
      let w = 0;
      for (let i = 0; i < (this.lengths[d] as number); i++) {
        const to = renumber[slots[i] as number] as number;
        if (to < 0) continue;
        slots[w] = to;
        values[w] = values[i] as number;
        w++;
      }
      this.lengths[d] = w;
    }
    this.slotIds = ids;
    this.slotOf.clear();
    ids.forEach((id, s) => this.slotOf.set(id, s));
    this.alive = new Uint8Array(Math.max(1024, ids.length * 2));
    this.alive.fill(1, 0, ids.length);
    this.dead = 0;
  }
}

function growInts(a: Int32Array, atLeast: number): Int32Array {
  const bigger = new Int32Array(Math.max(atLeast, a.length * 2));
  bigger.set(a);
  return bigger;
}

function growFloats(a: Float32Array, atLeast: number): Float32Array {
  const bigger = new Float32Array(Math.max(atLeast, a.length * 2));
  bigger.set(a);
  return bigger;
}

export interface HnswOptions {
  /** Graph degree (hnswlib's M). */
  readonly m: number;
  readonly efConstruction: number;
  /** Candidates explored per search; at least k is used. */
  readonly efSearch: number;
}

// At 100 000 bags of words, efConstruction 40 lost a query's true neighbours when the pictures
// unlike the rest of the catalogue went in first (44 of 60 queries kept them) and M 32 with 100
// lost most; M 16 with 200 kept all 60 in either order, at some 3 ms a picture to build.
export const DEFAULT_HNSW_OPTIONS: HnswOptions = Object.freeze({ m: 16, efConstruction: 200, efSearch: 200 });

/**
 * Approximate search on a hierarchical navigable small-world graph (hnswlib, native): about
 * logarithmic in the number of vectors. A removed vector is only marked deleted (its slot is
 * reclaimed when the index is next rebuilt, at start-up); adding its id again revives it.
 */
export class HnswVectorIndex implements VectorIndex {
  private readonly index: hnswlib.HierarchicalNSW;
  private readonly present = new Set<number>();
  private readonly deleted = new Set<number>();

  constructor(
    readonly dimensions: number,
    capacity = 1024,
    private readonly options: HnswOptions = DEFAULT_HNSW_OPTIONS,
  ) {
    this.index = new hnswlib.HierarchicalNSW('ip', dimensions);
    this.index.initIndex(Math.max(16, capacity), options.m, options.efConstruction, 100);
  }

  get size(): number {
    return this.present.size;
  }

  add(id: number, vector: Float32Array): void {
    if (vector.length !== this.dimensions) throw new Error('Vector has the wrong number of dimensions');
    if (this.deleted.delete(id)) this.index.unmarkDelete(id);
    else if (!this.present.has(id) && this.index.getCurrentCount() >= this.index.getMaxElements())
      this.index.resizeIndex(this.index.getMaxElements() * 2);
    this.index.addPoint(Array.from(vector), id);
    this.present.add(id);
  }

  remove(id: number): void {
    if (!this.present.delete(id)) return;
    this.index.markDelete(id);
    this.deleted.add(id);
  }

  search(query: Float32Array, k: number): Neighbour[] {
    const want = Math.min(k, this.present.size);
    if (want === 0) return [];
    this.index.setEf(Math.max(want, this.options.efSearch));
    const { neighbors, distances } = this.index.searchKnn(Array.from(query), want);
    return neighbors.map((id, i) => ({ id, similarity: 1 - (distances[i] as number) }));
  }
}

/**
 * Exact search up to this many vectors, then HNSW. Exact search over 100 000 pictures takes
 * some 60 ms (p50, 2-core machine) and needs no build; an HNSW graph answers in a few ms but
 * takes minutes to build, and over bags of words it can lose the true neighbours of a query
 * unlike most of the catalogue (docs/decisions/0023-visual-matching.md).
 */
export const EXACT_SEARCH_LIMIT = 100_000;

export function createVectorIndex(dimensions: number, expectedSize: number): VectorIndex {
  return expectedSize <= EXACT_SEARCH_LIMIT
    ? new InvertedVectorIndex(dimensions)
    : new HnswVectorIndex(dimensions, expectedSize);
}

/** The k largest values offered, with their keys. */
export class TopK {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  constructor(private readonly k: number) {}

  get worst(): number {
    return this.values.length < this.k ? -Infinity : (this.values[this.values.length - 1] as number);
  }

  offer(key: number, value: number): void {
    if (this.k <= 0 || value <= this.worst) return;
    let i = this.values.length < this.k ? this.values.length : this.k - 1;
    if (this.values.length < this.k) {
      this.values.push(value);
      this.keys.push(key);
    }
    while (i > 0 && (this.values[i - 1] as number) < value) {
      this.values[i] = this.values[i - 1] as number;
      this.keys[i] = this.keys[i - 1] as number;
      i--;
    }
    this.values[i] = value;
    this.keys[i] = key;
  }

  sorted(): { key: number; value: number }[] {
    return this.keys.map((key, i) => ({ key, value: this.values[i] as number }));
  }
}
