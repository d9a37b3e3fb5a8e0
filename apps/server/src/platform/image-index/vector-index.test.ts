import { describe, expect, it } from 'vitest';
import {
  createVectorIndex,
  EXACT_SEARCH_LIMIT,
  HnswVectorIndex,
  InvertedVectorIndex,
  type Neighbour,
  TopK,
  type VectorIndex,
} from './vector-index';

/** Unit vectors like a bag of words and a colour histogram: a few dimensions zero, the rest not. */
function unitVectors(n: number, dim: number, seed: number, zeros = 0.5): Float32Array[] {
  let t = seed;
  const rnd = () => {
    t = (t * 16807) % 2147483647;
    return t / 2147483647;
  };
  return Array.from({ length: n }, () => {
    const v = Float32Array.from({ length: dim }, (_, d) => (d < dim / 2 && rnd() < zeros ? 0 : rnd() - 0.5));
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

/** The answer by definition: every stored vector's dot product with the query. */
function bruteForce(stored: Map<number, Float32Array>, q: Float32Array, k: number): Neighbour[] {
  return [...stored]
    .map(([id, v]) => ({ id, similarity: v.reduce((s, x, i) => s + x * (q[i] ?? 0), 0) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, k);
}

const kinds: [string, (dim: number) => VectorIndex][] = [
  ['exact (inverted lists)', (dim) => new InvertedVectorIndex(dim)],
  ['HNSW', (dim) => new HnswVectorIndex(dim, 4)],
];

describe.each(kinds)('%s vector index', (_name, make) => {
  const vectors = unitVectors(300, 24, 5);

  it('finds a stored vector first, with similarity 1, and grows past its first capacity', () => {
    const index = make(24);
    vectors.forEach((v, i) => index.add(1000 + i, v));
    expect(index.size).toBe(300);
    for (const i of [0, 17, 299]) {
      const [top] = index.search(vectors[i] as Float32Array, 5);
      expect(top?.id).toBe(1000 + i);
      expect(top?.similarity).toBeCloseTo(1, 5);
    }
    const hits = index.search(vectors[3] as Float32Array, 10);
    expect(hits).toHaveLength(10);
    hits.slice(1).forEach((h, i) => expect(h.similarity).toBeLessThanOrEqual(hits[i]?.similarity ?? 1));
  });

  it('forgets a removed vector, replaces one added again under its id, and revives a removed one', () => {
    const index = make(24);
    vectors.slice(0, 50).forEach((v, i) => index.add(i, v));
    index.remove(7);
    index.remove(7);
    expect(index.size).toBe(49);
    expect(index.search(vectors[7] as Float32Array, 49).map((h) => h.id)).not.toContain(7);
    index.add(8, vectors[7] as Float32Array);
    expect(index.search(vectors[7] as Float32Array, 1)[0]?.id).toBe(8);
    expect(index.size).toBe(49);
    index.add(7, vectors[60] as Float32Array);
    expect(index.search(vectors[60] as Float32Array, 1)[0]?.id).toBe(7);
    expect(index.size).toBe(50);
  });

  it('answers nothing when empty, and no more than it holds', () => {
    const index = make(24);
    expect(index.search(vectors[0] as Float32Array, 3)).toEqual([]);
    index.add(1, vectors[1] as Float32Array);
    expect(index.search(vectors[0] as Float32Array, 3)).toHaveLength(1);
    expect(() => index.add(2, new Float32Array(3))).toThrow();
  });
});

describe('exact vector index', () => {
  it('answers exactly what comparing every vector answers, through additions, removals and compaction', () => {
    const vectors = unitVectors(3000, 40, 3, 0.8);
    const index = new InvertedVectorIndex(40);
    const stored = new Map<number, Float32Array>();
    const check = () => {
      for (const q of unitVectors(5, 40, stored.size + 1)) {
        const got = index.search(q, 8);
        const want = bruteForce(stored, q, 8);
        expect(got.map((h) => h.id)).toEqual(want.map((h) => h.id));
        got.forEach((h, i) => expect(h.similarity).toBeCloseTo(want[i]?.similarity ?? NaN, 5));
      }
    };
    vectors.forEach((v, i) => {
      index.add(i, v);
      stored.set(i, v);
    });
    check();
    // Enough removals to compact the lists, then ids added again with other vectors.
    for (let i = 0; i < 2000; i++) {
      index.remove(i);
      stored.delete(i);
    }
    expect(index.size).toBe(1000);
    check();
    for (let i = 0; i < 300; i++) {
      const v = vectors[(i * 7) % vectors.length] as Float32Array;
      index.add(i, v);
      stored.set(i, v);
    }
    index.add(2500, vectors[1] as Float32Array);
    stored.set(2500, vectors[1] as Float32Array);
    expect(index.size).toBe(1300);
    check();
  });
});

describe('choosing a vector index', () => {
  it('is exact for a catalogue of up to 100 000 pictures and HNSW beyond', () => {
    expect(createVectorIndex(8, 100_000)).toBeInstanceOf(InvertedVectorIndex);
    expect(createVectorIndex(8, EXACT_SEARCH_LIMIT + 1)).toBeInstanceOf(HnswVectorIndex);
  });

  it('HNSW agrees with exact search on the nearest neighbours', () => {
    const vectors = unitVectors(2000, 32, 9);
    const exact = new InvertedVectorIndex(32);
    const hnsw = new HnswVectorIndex(32);
    vectors.forEach((v, i) => {
      exact.add(i, v);
      hnsw.add(i, v);
    });
    let found = 0;
    for (const q of unitVectors(50, 32, 77)) {
      const truth = new Set(exact.search(q, 10).map((h) => h.id));
      found += hnsw.search(q, 10).filter((h) => truth.has(h.id)).length;
    }
    expect(found / 500).toBeGreaterThan(0.95);
  });
});

describe('top k', () => {
  it('keeps the k largest values, largest first', () => {
    const top = new TopK(3);
    [5, 1, 9, 3, 9, 7].forEach((v, i) => top.offer(i, v));
    expect(top.sorted()).toEqual([
      { key: 2, value: 9 },
      { key: 4, value: 9 },
      { key: 5, value: 7 },
    ]);
  });
});
