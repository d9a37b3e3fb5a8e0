/**
 * A deterministic uniform [0, 1) generator (mulberry32): the same seed gives the same sequence,
 * so seeded pictures, learned vocabularies and a query's geometric check are reproducible.
 * Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
