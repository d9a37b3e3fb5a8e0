import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PictureKind, renderToyPicture } from '../../db/seed/toy-pictures';
import { extractImageFeatures, strongestKeypoints } from './image-features';
import {
  DEFAULT_MATCHER_OPTIONS,
  type ImageMatch,
  MemoryLocalFeatures,
  OrbImageMatcher,
  type PictureDescriptor,
} from './image-matcher';
import {
  decodeGlobalDescriptor,
  decodePictureDescriptor,
  encodeGlobalDescriptor,
  encodePictureDescriptor,
} from './picture-descriptor';
import { trainVocabularyNow, VisualVocabulary } from './visual-vocabulary';

// A small catalogue: products 1..8, each drawn twice (studio shot, in front of its box) as the
// demo seed draws them; picture ids are product * 10 + view.
const PRODUCTS: [PictureKind, string, string][] = [
  ['car', '#E53935', '#FDD835'],
  ['robot', '#1E88E5', '#E53935'],
  ['teddy', '#8D6E63', '#F06292'],
  ['rocket', '#43A047', '#FB8C00'],
  ['train', '#8E24AA', '#FDD835'],
  ['doll', '#F06292', '#1E88E5'],
  ['dinosaur', '#43A047', '#8E24AA'],
  ['guitar', '#FB8C00', '#424242'],
];

const pictureId = (product: number, view: number) => product * 10 + view;

function random(seed: number): () => number {
  let t = seed;
  return () => {
    t = (t * 16807) % 2147483647;
    return t / 2147483647;
  };
}

/** Shapes in random colours on a gradient: a table, a wall, things lying about. */
function clutterSvg(width: number, height: number, rnd: () => number): string {
  const colour = () => `rgb(${[0, 0, 0].map(() => Math.floor(rnd() * 256)).join(',')})`;
  let shapes = '';
  for (let i = 0; i < 10; i++) {
    const [x, y, s] = [rnd() * width, rnd() * height, (0.05 + rnd() * 0.2) * width];
    shapes +=
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${colour()}"/>`
        : `<rect x="${x}" y="${y}" width="${s}" height="${s / 2}" fill="${colour()}" transform="rotate(${rnd() * 90} ${x} ${y})"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
}

/** A buyer's photo of a picture: a crop, turned, on another background, small and re-compressed. */
async function photographed(picture: Buffer, rnd: () => number): Promise<Buffer> {
  const size = 480;
  const crop = Math.round(size * 0.75);
  const turned = await sharp(picture)
    .extract({
      left: Math.floor(rnd() * (size - crop)),
      top: Math.floor(rnd() * (size - crop)),
      width: crop,
      height: crop,
    })
    .rotate(12, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const side = Math.round(turned.info.width * 1.25);
  const background = await sharp(Buffer.from(clutterSvg(side, side, rnd)))
    .png()
    .toBuffer();
  const composed = await sharp(background)
    .composite([{ input: turned.data, left: Math.floor((side - turned.info.width) / 2), top: 20 }])
    .png()
    .toBuffer();
  // In a pipeline of its own: sharp would resize before compositing.
  return sharp(composed).resize(360).jpeg({ quality: 50 }).toBuffer();
}

describe('ORB image matcher', () => {
  const pictures = new Map<number, Buffer>();
  const descriptors = new Map<number, PictureDescriptor>();
  let vocabulary: VisualVocabulary;
  let local: MemoryLocalFeatures;
  let matcher: OrbImageMatcher;

  beforeAll(async () => {
    const features = new Map<number, Awaited<ReturnType<typeof extractImageFeatures>>>();
    await Promise.all(
      PRODUCTS.flatMap(([kind, color, accent], i) =>
        ([0, 1] as const).map(async (view) => {
          const image = await renderToyPicture({ kind, color, accent, seed: 100 + i, view, size: 480 });
          pictures.set(pictureId(i + 1, view), image);
          features.set(pictureId(i + 1, view), await extractImageFeatures(image));
        }),
      ),
    );
    // The vocabulary is learned from the catalogue's own pictures.
    vocabulary = trainVocabularyNow([...features.values()].map((f) => f.local.descriptors));
    local = new MemoryLocalFeatures();
    matcher = new OrbImageMatcher(vocabulary, local);
    for (const [id, f] of features) {
      const d = matcher.describeFeatures(f);
      descriptors.set(id, d);
      matcher.add(id, Math.floor(id / 10), d);
      local.set(id, d.local);
    }
  });

  const productsOf = (hits: readonly ImageMatch[]) => hits.map((h) => h.productId);

  it('finds a catalogue picture by itself, first, with a full score', async () => {
    for (const id of [pictureId(1, 0), pictureId(4, 1), pictureId(8, 0)]) {
      const [top] = await matcher.search(descriptors.get(id) as PictureDescriptor, 5);
      expect(top).toEqual({ productId: Math.floor(id / 10), pictureId: id, score: 1 });
    }
  });

  it('recognises a re-upload (resized, re-compressed) by its perceptual hash', async () => {
    const reupload = await sharp(pictures.get(pictureId(3, 1)))
      .resize(300)
      .jpeg({ quality: 60 })
      .toBuffer();
    const [top] = await matcher.searchWithEvidence(await matcher.describe(reupload), 5);
    expect(top?.productId).toBe(3);
    expect(top?.pictureId).toBe(pictureId(3, 1));
    expect(top?.evidence.duplicate).toBe(true);
    expect(top?.score).toBe(1);
  });

  it('finds the product first from a cropped, turned, re-compressed photo on a new background', async () => {
    const rnd = random(42);
    for (const [product, view] of [
      [2, 0],
      [5, 1],
      [7, 0],
    ] as const) {
      const photo = await photographed(pictures.get(pictureId(product, view)) as Buffer, rnd);
      const hits = await matcher.searchWithEvidence(await matcher.describeQuery(photo), 5);
      expect(hits[0]?.productId).toBe(product);
      expect(hits[0]?.evidence.duplicate).toBe(false);
      expect(hits[0]?.evidence.inliers).toBeGreaterThanOrEqual(matcher.options.minInliers);
      expect(hits[0]?.score).toBeGreaterThan(0.4);
      expect(hits[0]?.score).toBeLessThan(1);
    }
  });

  it('answers each product once, through its best picture, most similar first', async () => {
    const hits = await matcher.search(descriptors.get(pictureId(6, 1)) as PictureDescriptor, 20);
    const products = productsOf(hits);
    expect(new Set(products).size).toBe(products.length);
    expect(products[0]).toBe(6);
    hits.slice(1).forEach((h, i) => expect(h.score).toBeLessThanOrEqual(hits[i]?.score ?? 1));
    expect((await matcher.search(descriptors.get(pictureId(6, 1)) as PictureDescriptor, 1)).length).toBe(1);
  });

  it('finds nothing similar to an unrelated picture', async () => {
    const rnd = random(7);
    for (let i = 0; i < 3; i++) {
      const clutter = await sharp(Buffer.from(clutterSvg(500, 400, rnd)))
        .jpeg({ quality: 70 })
        .toBuffer();
      // Described as a query is, with its own (larger) number of keypoints: more chances for a
      // chance alignment, which must still fall short.
      expect(await matcher.search(await matcher.describeQuery(clutter), 10)).toEqual([]);
    }
    const noise = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await matcher.search(await matcher.describeQuery(noise), 10)).toEqual([]);
  });

  it('stops finding a removed picture, and finds its product through the other picture', async () => {
    const m = new OrbImageMatcher(vocabulary, local);
    for (const [id, d] of descriptors) m.add(id, Math.floor(id / 10), d);
    const query = descriptors.get(pictureId(4, 0)) as PictureDescriptor;
    m.remove(pictureId(4, 0));
    expect(m.size).toBe(descriptors.size - 1);
    const hits = await m.search(query, 10);
    expect(hits.map((h) => h.pictureId)).not.toContain(pictureId(4, 0));
    expect(hits.find((h) => h.productId === 4)?.pictureId ?? pictureId(4, 1)).toBe(pictureId(4, 1));
    m.remove(pictureId(4, 1));
    expect(productsOf(await m.search(query, 10))).not.toContain(4);
  });

  it('answers alike after descriptors and vocabulary went through storage', async () => {
    const storedVocabulary = VisualVocabulary.decode(vocabulary.encode());
    const storedLocal = new MemoryLocalFeatures();
    const m = new OrbImageMatcher(storedVocabulary, storedLocal);
    for (const [id, d] of descriptors) {
      // What the database keeps: the small global part for the index, the keypoints apart.
      const stored = decodePictureDescriptor(encodePictureDescriptor(d));
      m.add(id, Math.floor(id / 10), {
        global: decodeGlobalDescriptor(encodeGlobalDescriptor(stored.global)),
      });
      storedLocal.set(id, stored.local);
    }
    const photo = await photographed(pictures.get(pictureId(2, 1)) as Buffer, random(3));
    const query = await matcher.describe(photo);
    const expected = await matcher.search(query, 10);
    const actual = await m.search(decodePictureDescriptor(encodePictureDescriptor(query)), 10);
    expect(actual).toEqual(expected);
  });

  it('re-ranks only the shortlist, through the Reranker it is given, answering as when re-ranking itself', async () => {
    const asked: number[][] = [];
    const m = new OrbImageMatcher(
      vocabulary,
      local,
      undefined,
      undefined,
      undefined,
      async (query, candidates) => {
        asked.push([...candidates.keys()]);
        return matcher.inliersOf(query, candidates);
      },
    );
    for (const [id, d] of descriptors) m.add(id, Math.floor(id / 10), d);
    const photo = await photographed(pictures.get(pictureId(5, 0)) as Buffer, random(11));
    const query = await matcher.describe(photo);
    expect(await m.search(query, 10)).toEqual(await matcher.search(query, 10));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.length).toBeLessThanOrEqual(matcher.options.shortlist);

    // What it answers decides the order: without geometric evidence the photo is found by its
    // words and colours alone, if at all, and never with the score verification gives.
    const blind = new OrbImageMatcher(
      vocabulary,
      local,
      undefined,
      undefined,
      undefined,
      async () => new Map(),
    );
    for (const [id, d] of descriptors) blind.add(id, Math.floor(id / 10), d);
    const [verified] = await m.search(query, 1);
    const [unverified] = await blind.search(query, 1);
    expect(verified?.productId).toBe(5);
    expect(unverified?.score ?? 0).toBeLessThan((verified?.score ?? 0) - 0.2);
  });

  it('finds the product first from a photo in other light and at another angle', async () => {
    for (const [product, view, seed] of [
      [3, 0, 21],
      [6, 1, 22],
      [7, 0, 23],
    ] as const) {
      const picture = pictures.get(pictureId(product, view)) as Buffer;
      // Dim, warm shop light and a sheared, foreshortened view, then a phone's crop and JPEG.
      const relit = await sharp(picture)
        .modulate({ brightness: 0.6, saturation: 0.75 })
        .tint({ r: 255, g: 215, b: 170 })
        .affine(
          [
            [0.95, 0.18],
            [0.06, 0.8],
          ],
          { background: '#777777' },
        )
        .jpeg({ quality: 70 })
        .toBuffer();
      const photo = await photographed(
        await sharp(relit).resize(480, 480, { fit: 'fill' }).toBuffer(),
        random(seed),
      );
      // Described as a buyer's query is (describeQuery: the query's own keypoint settings).
      const [top] = await matcher.searchWithEvidence(await matcher.describeQuery(photo), 5);
      expect(top?.productId).toBe(product);
      expect(top?.evidence.inliers ?? 0).toBeGreaterThanOrEqual(matcher.options.minInliers);
    }
  }, 120_000);

  it('finds the product first from a photo in other light of its other catalogue view, taken from another side', async () => {
    // The catalogue has each product twice (studio, in front of its box); the buyer photographs
    // the box view, mirrored in perspective (seen from the right, not the left), in cold light.
    for (const [product, seed] of [
      [1, 31],
      [4, 32],
      [8, 33],
    ] as const) {
      const picture = pictures.get(pictureId(product, 1)) as Buffer;
      const relit = await sharp(picture)
        .modulate({ brightness: 1.25, saturation: 0.8 })
        .tint({ r: 190, g: 215, b: 255 })
        .affine(
          [
            [0.82, -0.15],
            [-0.05, 0.97],
          ],
          { background: '#d8d8d8' },
        )
        .jpeg({ quality: 60 })
        .toBuffer();
      const photo = await photographed(
        await sharp(relit).resize(480, 480, { fit: 'fill' }).toBuffer(),
        random(seed),
      );
      const hits = await matcher.searchWithEvidence(await matcher.describeQuery(photo), 5);
      expect(hits[0]?.productId).toBe(product);
      expect(hits[0]?.evidence.duplicate).toBe(false);
      expect(hits[0]?.evidence.inliers ?? 0).toBeGreaterThanOrEqual(matcher.options.minInliers);
      // Well ahead of any other product: the buyer is told it is the best match.
      expect((hits[0]?.score ?? 0) - (hits[1]?.score ?? 0)).toBeGreaterThan(0.15);
    }
  }, 120_000);

  it("describes a buyer's query with its own keypoint settings, the catalogue's pictures with theirs", async () => {
    const photo = await photographed(pictures.get(pictureId(2, 1)) as Buffer, random(7));
    const more = new OrbImageMatcher(vocabulary, local, {
      ...DEFAULT_MATCHER_OPTIONS,
      features: { ...DEFAULT_MATCHER_OPTIONS.features, maxKeypoints: 200 },
      queryFeatures: { ...DEFAULT_MATCHER_OPTIONS.features, maxKeypoints: 400 },
    });
    expect((await more.describe(photo)).local.count).toBeLessThanOrEqual(200);
    const query = await more.describeQuery(photo);
    expect(query.local.count).toBeGreaterThan(200);
    expect(query.local.count).toBeLessThanOrEqual(400);
    // Its words come from as many of its strongest keypoints as a catalogue picture has, so a
    // query's bag is as sparse as theirs and unrelated queries do not come closer by words alone.
    const f = await extractImageFeatures(photo, more.options.queryFeatures);
    expect(more.describeQueryFeatures(f).global.bag).toEqual(
      more.describeFeatures({ ...f, local: strongestKeypoints(f.local, 200) }).global.bag,
    );
    expect(more.describeQueryFeatures(f).local.count).toBe(f.local.count);
    // Without query settings, a query is described as a catalogue picture.
    const plain = new OrbImageMatcher(vocabulary, local, {
      ...DEFAULT_MATCHER_OPTIONS,
      queryFeatures: undefined,
    });
    expect((await plain.describeQuery(photo)).local).toEqual((await plain.describe(photo)).local);
  }, 60_000);

  describe('product by product', () => {
    const options = {
      ...DEFAULT_MATCHER_OPTIONS,
      shortlist: 6,
      picturesPerProduct: 2,
      productEvidence: { pictures: 2, floor: 6 },
    };

    it('re-ranks every picture of a shortlisted product, not only those near the query', async () => {
      const asked: number[][] = [];
      const m = new OrbImageMatcher(
        vocabulary,
        local,
        options,
        undefined,
        undefined,
        async (q, candidates) => {
          asked.push([...candidates.keys()]);
          return matcher.inliersOf(q, candidates);
        },
      );
      for (const [id, d] of descriptors) m.add(id, Math.floor(id / 10), d);
      await m.search(
        await matcher.describe(await photographed(pictures.get(pictureId(2, 0)) as Buffer, random(5))),
        5,
      );
      const ids = asked[0] ?? [];
      expect(ids).toHaveLength(6);
      // Three products, each with both of its pictures.
      const products = new Set(ids.map((id) => Math.floor(id / 10)));
      expect(products.size).toBe(3);
      for (const p of products)
        expect(ids).toEqual(expect.arrayContaining([pictureId(p, 0), pictureId(p, 1)]));
    });

    it("counts a product's other pictures' inliers above chance, so a product seen well twice beats one seen once", async () => {
      const query = descriptors.get(pictureId(1, 0)) as PictureDescriptor;
      const ranked = async (evidence: { pictures: number; floor: number }) => {
        const m = new OrbImageMatcher(
          vocabulary,
          local,
          { ...options, shortlist: 16, picturesPerProduct: 2, productEvidence: evidence },
          undefined,
          undefined,
          // Product 3 matches once strongly, product 5 twice a little less; the rest is chance.
          async (_q, candidates) =>
            new Map(
              [...candidates.keys()].map((id) => [
                id,
                (
                  { [pictureId(3, 0)]: 40, [pictureId(5, 0)]: 32, [pictureId(5, 1)]: 30 } as Record<
                    number,
                    number
                  >
                )[id] ?? 5,
              ]),
            ),
        );
        // Without product 1's own pictures, whose hash would make the query a re-upload.
        for (const [id, d] of descriptors) if (Math.floor(id / 10) !== 1) m.add(id, Math.floor(id / 10), d);
        return (await m.searchWithEvidence(query, 3)).map((h) => [h.productId, h.evidence.inliers]);
      };
      expect((await ranked({ pictures: 1, floor: 6 }))[0]).toEqual([3, 40]);
      expect((await ranked({ pictures: 2, floor: 6 })).slice(0, 2)).toEqual([
        [5, 32 + 30 - 6],
        [3, 40],
      ]);
    });
  });

  it('refuses a descriptor made with another vocabulary', () => {
    const d = descriptors.get(pictureId(1, 0)) as PictureDescriptor;
    expect(() => matcher.add(99, 9, { global: { ...d.global, vocabularyId: '0000000000000000' } })).toThrow();
  });
});
