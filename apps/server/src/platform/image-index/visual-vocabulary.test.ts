import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_BYTES } from './hamming';
import {
  DEFAULT_VOCABULARY_OPTIONS,
  trainVocabulary,
  trainVocabularyNow,
  VisualVocabulary,
  type VocabularyOptions,
} from './visual-vocabulary';

function random(seed: number): () => number {
  let t = seed;
  return () => {
    t = (t * 16807) % 2147483647;
    return t / 2147483647;
  };
}

/** Descriptors scattered around `centres` random prototypes, a few bits flipped each. */
function clusteredPictures(pictures: number, perPicture: number, centres: number, seed: number) {
  const rnd = random(seed);
  const prototypes = Array.from({ length: centres }, () =>
    Uint8Array.from({ length: DESCRIPTOR_BYTES }, () => Math.floor(rnd() * 256)),
  );
  const noisy = (p: Uint8Array) => {
    const d = Uint8Array.from(p);
    for (let f = 0; f < 8; f++) {
      const bit = Math.floor(rnd() * 256);
      d[bit >> 3] = (d[bit >> 3] ?? 0) ^ (1 << (bit & 7));
    }
    return d;
  };
  const out = Array.from({ length: pictures }, () => {
    const bytes = new Uint8Array(perPicture * DESCRIPTOR_BYTES);
    for (let i = 0; i < perPicture; i++)
      bytes.set(noisy(prototypes[Math.floor(rnd() * centres)] as Uint8Array), i * DESCRIPTOR_BYTES);
    return bytes;
  });
  return { prototypes, pictures: out, noisy };
}

const small: VocabularyOptions = { ...DEFAULT_VOCABULARY_OPTIONS, branching: 8, depth: 2 };

describe('visual vocabulary', () => {
  const data = clusteredPictures(40, 100, 64, 11);

  it('learns branching^depth words and puts near-identical descriptors on the same word', () => {
    const v = trainVocabularyNow(data.pictures, small);
    expect(v.size).toBe(64);
    let same = 0;
    for (const p of data.prototypes) {
      const [a, b] = v.quantise(new Uint8Array([...data.noisy(p), ...data.noisy(p)]));
      if (a === b) same++;
    }
    expect(same).toBeGreaterThanOrEqual(data.prototypes.length * 0.9);
    const words = new Set(data.prototypes.flatMap((p) => [...v.quantise(p)]));
    expect(words.size).toBeGreaterThan(32);
  });

  it('weighs words rare in the catalogue above common ones', () => {
    const common = data.prototypes[0] as Uint8Array;
    const pictures = data.pictures.map((p) => new Uint8Array([...p, ...data.noisy(common)]));
    const v = trainVocabularyNow(pictures, small);
    const commonWord = v.quantise(common)[0] as number;
    const idf = [...v.idf];
    expect(idf[commonWord]).toBeLessThan(idf.reduce((s, x) => s + x, 0) / idf.length);
    const weights = v.weigh(v.bagOfWords(pictures[0] as Uint8Array));
    expect(weights.value.reduce((s, x) => s + x * x, 0)).toBeCloseTo(1, 5);
  });

  it('counts each word of a bag once, with its repeats', () => {
    const v = trainVocabularyNow(data.pictures, small);
    const p = data.prototypes[3] as Uint8Array;
    const bag = v.bagOfWords(new Uint8Array([...p, ...p, ...p, ...(data.prototypes[9] as Uint8Array)]));
    expect([...bag.words]).toEqual([...bag.words].sort((a, b) => a - b));
    expect([...bag.counts].reduce((s, c) => s + c, 0)).toBe(4);
    expect(bag.counts[[...bag.words].indexOf(v.quantise(p)[0] as number)]).toBeGreaterThanOrEqual(3);
  });

  it('learns the same vocabulary in steps as in one go, and from the same pictures always the same', () => {
    const steps = trainVocabulary(data.pictures, small);
    let taken = 0;
    let last = { done: 0, total: 0 };
    let result: VisualVocabulary | undefined;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        result = step.value;
        break;
      }
      taken++;
      last = step.value;
    }
    // The root and its 8 children are clustered, each in several rounds.
    expect(last.total).toBe(9);
    expect(taken).toBeGreaterThan(9);
    expect(result.id).toBe(trainVocabularyNow(data.pictures, small).id);
  });

  it('survives storage: same id, same words', () => {
    const v = trainVocabularyNow(data.pictures, small);
    const bytes = v.encode();
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const back = VisualVocabulary.decode(shifted.subarray(3));
    expect(back.id).toBe(v.id);
    expect(back.quantise(data.pictures[5] as Uint8Array)).toEqual(v.quantise(data.pictures[5] as Uint8Array));
    expect([...back.idf]).toEqual([...v.idf]);
    expect(() => VisualVocabulary.decode(bytes.subarray(0, bytes.length - 4))).toThrow();
    expect(() => VisualVocabulary.decode(Buffer.from('VVOC nonsense'))).toThrow();
  });

  it('cannot learn from nothing', () => {
    expect(() => trainVocabularyNow([new Uint8Array(0)], small)).toThrow();
  });
});
