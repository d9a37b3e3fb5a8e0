import { createHash } from 'node:crypto';
import { DESCRIPTOR_BYTES, DESCRIPTOR_WORDS, descriptorWords, hamming256 } from './hamming';
import { seededRandom } from '../random';

export interface VocabularyOptions {
  /** Children per node of the vocabulary tree. */
  readonly branching: number;
  /** Levels of the tree; the vocabulary has branching^depth words. */
  readonly depth: number;
  /** k-majority rounds per node. */
  readonly iterations: number;
  /** Descriptors sampled from the training pictures to learn the tree from. */
  readonly maxSamples: number;
  /** Exponent on word counts before IDF weighting: below 1 damps repeated textures (burstiness). */
  readonly tfPower: number;
  readonly seed: number;
}

export const DEFAULT_VOCABULARY_OPTIONS: VocabularyOptions = Object.freeze({
  branching: 32,
  depth: 2,
  iterations: 8,
  maxSamples: 120_000,
  tfPower: 0.5,
  seed: 1,
});

/** Sparse bag of visual words of one picture: word ids ascending, with their counts. */
export interface BagOfWords {
  readonly words: Uint32Array;
  readonly counts: Uint16Array;
}

/** Everything a vocabulary is made of, as stored. */
export interface VocabularyParts {
  readonly branching: number;
  readonly depth: number;
  /** Centres of all nodes below the root, level by level, DESCRIPTOR_BYTES each. */
  readonly centres: Uint8Array;
  /** Inverse document frequency of each leaf word. */
  readonly idf: Float32Array;
  readonly tfPower: number;
}

/** Sparse vector: indices ascending and their values. */
export interface SparseVector {
  readonly index: Uint32Array;
  readonly value: Float32Array;
}

/**
 * A vocabulary tree of binary ORB descriptors (Nistér and Stewénius 2006), each node the
 * bitwise majority of its cluster (k-majority, Grana et al. 2013), with inverse document
 * frequencies of its leaf words. Quantising one descriptor costs branching x depth Hamming
 * distances instead of one per word.
 */
export class VisualVocabulary {
  /** Content hash, so stored bags of words can say which vocabulary made them. */
  readonly id: string;
  /** Number of words. */
  readonly size: number;
  readonly branching: number;
  readonly depth: number;
  readonly idf: Float32Array;
  readonly tfPower: number;
  private readonly centres: Uint8Array;
  private readonly centreWords: Uint32Array;

  private constructor(parts: VocabularyParts) {
    this.branching = parts.branching;
    this.depth = parts.depth;
    this.centres = parts.centres;
    this.centreWords = descriptorWords(parts.centres);
    this.idf = parts.idf;
    this.tfPower = parts.tfPower;
    this.size = parts.branching ** parts.depth;
    this.id = createHash('sha256').update(this.encode()).digest('hex').slice(0, 16);
  }

  static fromParts(parts: VocabularyParts): VisualVocabulary {
    const words = parts.branching ** parts.depth;
    if (
      parts.centres.length !== nodeCount(parts.branching, parts.depth) * DESCRIPTOR_BYTES ||
      parts.idf.length !== words
    )
      throw new Error('Vocabulary parts do not fit its shape');
    return new VisualVocabulary(parts);
  }

  /** The leaf word of every descriptor. */
  quantise(descriptors: Uint8Array): Uint32Array {
    const n = Math.floor(descriptors.length / DESCRIPTOR_BYTES);
    const words = descriptorWords(descriptors);
    const out = new Uint32Array(n);
    const b = this.branching;
    for (let i = 0; i < n; i++) {
      let word = 0;
      for (let level = 0; level < this.depth; level++) {
        const first = levelOffset(b, level + 1) + word * b;
        let best = 0;
        let bestDistance = 257;
        for (let c = 0; c < b; c++) {
          const d = hamming256(words, i, this.centreWords, first + c);
          if (d < bestDistance) {
            bestDistance = d;
            best = c;
          }
        }
        word = word * b + best;
      }
      out[i] = word;
    }
    return out;
  }

  /**
   * The first-level node of every descriptor: a coarse cell (one of `branching`) outside of
   * which a descriptor's nearest neighbours are rarely found.
   */
  cells(descriptors: Uint8Array): Uint8Array | Uint16Array {
    const n = Math.floor(descriptors.length / DESCRIPTOR_BYTES);
    const words = descriptorWords(descriptors);
    const out = this.branching <= 256 ? new Uint8Array(n) : new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestDistance = 257;
      for (let c = 0; c < this.branching; c++) {
        const d = hamming256(words, i, this.centreWords, c);
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      out[i] = best;
    }
    return out;
  }

  bagOfWords(descriptors: Uint8Array): BagOfWords {
    const words = this.quantise(descriptors).sort();
    const ids: number[] = [];
    const counts: number[] = [];
    for (const w of words) {
      if (ids.length > 0 && ids[ids.length - 1] === w)
        counts[counts.length - 1] = (counts[counts.length - 1] as number) + 1;
      else {
        ids.push(w);
        counts.push(1);
      }
    }
    return { words: Uint32Array.from(ids), counts: Uint16Array.from(counts, (c) => Math.min(c, 65535)) };
  }

  /** TF-IDF weights of a bag (counts damped by tfPower), unit length. */
  weigh(bag: BagOfWords): SparseVector {
    const value = new Float32Array(bag.words.length);
    let norm = 0;
    for (let i = 0; i < bag.words.length; i++) {
      const x =
        Math.pow(bag.counts[i] as number, this.tfPower) * (this.idf[bag.words[i] as number] as number);
      value[i] = x;
      norm += x * x;
    }
    if (norm > 0) for (let i = 0; i < value.length; i++) value[i] = (value[i] as number) / Math.sqrt(norm);
    return { index: bag.words, value };
  }

  encode(): Buffer {
    const head = Buffer.alloc(16);
    head.write('VVOC', 0, 'latin1');
    head.writeUInt16LE(1, 4);
    head.writeUInt16LE(this.branching, 6);
    head.writeUInt16LE(this.depth, 8);
    head.writeFloatLE(this.tfPower, 12);
    return Buffer.concat([
      head,
      this.centres,
      new Uint8Array(this.idf.buffer, this.idf.byteOffset, this.idf.byteLength),
    ]);
  }

  static decode(buf: Uint8Array): VisualVocabulary {
    const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    if (b.length < 16 || b.toString('latin1', 0, 4) !== 'VVOC' || b.readUInt16LE(4) !== 1)
      throw new Error('Not a visual vocabulary');
    const branching = b.readUInt16LE(6);
    const depth = b.readUInt16LE(8);
    const words = branching ** depth;
    const centreBytes = nodeCount(branching, depth) * DESCRIPTOR_BYTES;
    if (b.length !== 16 + centreBytes + words * 4) throw new Error('Truncated visual vocabulary');
    const centres = new Uint8Array(b.subarray(16, 16 + centreBytes));
    // Copied, so the floats start aligned whatever the blob's offset.
    const idf = new Float32Array(new Uint8Array(b.subarray(16 + centreBytes)).buffer);
    return VisualVocabulary.fromParts({ branching, depth, centres, idf, tfPower: b.readFloatLE(12) });
  }
}

function nodeCount(branching: number, depth: number): number {
  return levelOffset(branching, depth + 1);
}

/** Index of the first centre of tree level `level` (1 = the root's children). */
function levelOffset(branching: number, level: number): number {
  let offset = 0;
  for (let l = 1; l < level; l++) offset += branching ** l;
  return offset;
}

export interface TrainingProgress {
  readonly phase: 'clustering' | 'weighting';
  readonly done: number;
  readonly total: number;
}

/**
 * Learns a vocabulary from the descriptors of catalogue pictures (one entry per picture) in
 * steps: each `next()` runs one clustering round of one tree node or weighs 50 pictures. With
 * 120 000 descriptors the root's rounds take a few hundred milliseconds and the rest about a
 * tenth of that, some 10 s in all on one core: meant for a worker thread (inputs and result,
 * encode(), are plain bytes), while the steps let a caller report progress or stop.
 */
export function* trainVocabulary(
  pictures: readonly Uint8Array[],
  options: VocabularyOptions = DEFAULT_VOCABULARY_OPTIONS,
): Generator<TrainingProgress, VisualVocabulary> {
  const { branching: b, depth } = options;
  const rnd = seededRandom(options.seed);
  const samples = sampleDescriptors(pictures, options.maxSamples, rnd);
  const sampleWords = descriptorWords(samples);
  const centres = new Uint8Array(nodeCount(b, depth) * DESCRIPTOR_BYTES);
  // The root and every node above the leaves.
  const inner = 1 + levelOffset(b, depth);

  // Breadth first: each queued node owns the samples that reached it.
  let queue: { word: number; level: number; members: Uint32Array }[] = [
    {
      word: 0,
      level: 0,
      members: Uint32Array.from({ length: samples.length / DESCRIPTOR_BYTES }, (_, i) => i),
    },
  ];
  let done = 0;
  while (queue.length > 0) {
    const next: typeof queue = [];
    for (const node of queue) {
      const first = levelOffset(b, node.level + 1) + node.word * b;
      const rounds = kMajority(sampleWords, node.members, b, options.iterations, rnd, centres, first);
      let round = rounds.next();
      while (!round.done) {
        yield { phase: 'clustering', done, total: inner };
        round = rounds.next();
      }
      if (node.level + 1 < depth)
        round.value.forEach((members, c) =>
          next.push({ word: node.word * b + c, level: node.level + 1, members }),
        );
      done++;
    }
    queue = next;
  }

  const unweighted = VisualVocabulary.fromParts({
    branching: b,
    depth,
    centres,
    idf: new Float32Array(b ** depth),
    tfPower: options.tfPower,
  });
  const df = new Uint32Array(unweighted.size);
  for (let i = 0; i < pictures.length; i++) {
    for (const w of unweighted.bagOfWords(pictures[i] as Uint8Array).words) df[w] = (df[w] as number) + 1;
    if (i % 50 === 49) yield { phase: 'weighting', done: i + 1, total: pictures.length };
  }
  const n = pictures.length;
  const idf = Float32Array.from(df, (d) => Math.log((n + 1) / (d + 1)));
  return VisualVocabulary.fromParts({ branching: b, depth, centres, idf, tfPower: options.tfPower });
}

/** Runs a training to its end in one go (tests, offline tools, worker threads). */
export function trainVocabularyNow(
  pictures: readonly Uint8Array[],
  options: VocabularyOptions = DEFAULT_VOCABULARY_OPTIONS,
): VisualVocabulary {
  const steps = trainVocabulary(pictures, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function sampleDescriptors(pictures: readonly Uint8Array[], max: number, rnd: () => number): Uint8Array {
  let total = 0;
  for (const p of pictures) total += Math.floor(p.length / DESCRIPTOR_BYTES);
  if (total === 0) throw new Error('No descriptors to learn a vocabulary from');
  const keep = Math.min(1, max / total);
  const out = new Uint8Array(Math.min(total, max + 1024) * DESCRIPTOR_BYTES);
  let n = 0;
  for (const p of pictures) {
    const count = Math.floor(p.length / DESCRIPTOR_BYTES);
    for (let i = 0; i < count && n * DESCRIPTOR_BYTES < out.length; i++) {
      if (keep < 1 && rnd() >= keep) continue;
      out.set(p.subarray(i * DESCRIPTOR_BYTES, (i + 1) * DESCRIPTOR_BYTES), n * DESCRIPTOR_BYTES);
      n++;
    }
  }
  return out.slice(0, n * DESCRIPTOR_BYTES);
}

/**
 * Clusters `members` (rows of `data`) into k groups by Hamming distance, writing the k centres
 * into `centres` from row `first`. Seeds by k-means++; a centre is the bitwise majority of its
 * group. Pauses (yields) after the seeding and after each round.
 */
function* kMajority(
  data: Uint32Array,
  members: Uint32Array,
  k: number,
  iterations: number,
  rnd: () => number,
  centres: Uint8Array,
  first: number,
): Generator<void, Uint32Array[]> {
  const m = members.length;
  const centreWords = descriptorWords(centres);
  const setCentre = (c: number, row: number) => {
    centreWords.set(
      data.subarray(row * DESCRIPTOR_WORDS, (row + 1) * DESCRIPTOR_WORDS),
      (first + c) * DESCRIPTOR_WORDS,
    );
  };
  if (m === 0) return Array.from({ length: k }, () => new Uint32Array(0));
  if (m <= k) {
    // Too few to cluster: each member is its own centre, the rest repeat them.
    for (let c = 0; c < k; c++) setCentre(c, members[c % m] as number);
    return Array.from({ length: k }, (_, c) =>
      c < m ? Uint32Array.of(members[c] as number) : new Uint32Array(0),
    );
  }

  // k-means++ seeding.
  const nearest = new Float64Array(m).fill(Infinity);
  setCentre(0, members[Math.floor(rnd() * m)] as number);
  for (let c = 1; c < k; c++) {
    let sum = 0;
    for (let i = 0; i < m; i++) {
      const d = hamming256(data, members[i] as number, centreWords, first + c - 1);
      const d2 = d * d;
      if (d2 < (nearest[i] as number)) nearest[i] = d2;
      sum += nearest[i] as number;
    }
    let target = rnd() * sum;
    let pick = m - 1;
    for (let i = 0; i < m; i++) {
      target -= nearest[i] as number;
      if (target <= 0) {
        pick = i;
        break;
      }
    }
    setCentre(c, members[pick] as number);
  }
  yield;

  const assignment = new Int32Array(m).fill(-1);
  const bits = new Uint32Array(k * 256);
  const sizes = new Uint32Array(k);
  for (let round = 0; round < iterations; round++) {
    let changed = 0;
    for (let i = 0; i < m; i++) {
      let best = 0;
      let bestDistance = 257;
      for (let c = 0; c < k; c++) {
        const d = hamming256(data, members[i] as number, centreWords, first + c);
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      if (assignment[i] !== best) {
        assignment[i] = best;
        changed++;
      }
    }
    if (changed === 0 && round > 0) break;
    bits.fill(0);
    sizes.fill(0);
    for (let i = 0; i < m; i++) {
      const c = assignment[i] as number;
      sizes[c] = (sizes[c] as number) + 1;
      const row = (members[i] as number) * DESCRIPTOR_WORDS;
      for (let w = 0; w < DESCRIPTOR_WORDS; w++) {
        const v = data[row + w] as number;
        if (v === 0) continue;
        const base = c * 256 + w * 32;
        for (let bit = 0; bit < 32; bit++)
          if ((v >>> bit) & 1) bits[base + bit] = (bits[base + bit] as number) + 1;
      }
    }
    for (let c = 0; c < k; c++) {
      const size = sizes[c] as number;
      if (size === 0) {
        // An empty cluster takes a random member, so no word is wasted.
        setCentre(c, members[Math.floor(rnd() * m)] as number);
        continue;
      }
      for (let w = 0; w < DESCRIPTOR_WORDS; w++) {
        let v = 0;
        const base = c * 256 + w * 32;
        for (let bit = 0; bit < 32; bit++) if ((bits[base + bit] as number) * 2 > size) v |= 1 << bit;
        centreWords[(first + c) * DESCRIPTOR_WORDS + w] = v >>> 0;
      }
    }
    yield;
  }

  const groups = Array.from({ length: k }, (_, c) => new Uint32Array(sizes[c] as number));
  const fill = new Uint32Array(k);
  for (let i = 0; i < m; i++) {
    const c = assignment[i] as number;
    (groups[c] as Uint32Array)[fill[c] as number] = members[i] as number;
    fill[c] = (fill[c] as number) + 1;
  }
  return groups;
}
