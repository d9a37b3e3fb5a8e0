import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderToyPicture } from '../../db/seed/toy-pictures';
import { extractImageFeatures } from '../../platform/image-index/image-features';
import { MemoryLocalFeatures, OrbImageMatcher } from '../../platform/image-index/image-matcher';
import { trainVocabularyNow } from '../../platform/image-index/visual-vocabulary';
import { matchCertainty, SURE_MATCH } from './image-search.service';
import { MATCHER_OPTIONS } from './image-search.work';

describe("the buyer's wording of an image search result", () => {
  it('says nothing is close when no product is similar enough', () => {
    expect(matchCertainty([])).toBe('none');
  });

  it('calls the first product the best match when it scores high and well ahead of the next', () => {
    expect(matchCertainty([0.82, 0.4, 0.3])).toBe('best');
    expect(matchCertainty([SURE_MATCH.score])).toBe('best');
    expect(matchCertainty([1, 1 - SURE_MATCH.lead])).toBe('best');
  });

  it('calls the results similar products when the first is weak or a look-alike scores nearly as high', () => {
    expect(matchCertainty([SURE_MATCH.score - 0.01])).toBe('similar');
    expect(matchCertainty([0.3, 0.25])).toBe('similar');
    // A carton of the same brand in another flavour: both verified, close together.
    expect(matchCertainty([0.75, 0.7, 0.2])).toBe('similar');
  });

  it("follows the engine's scores: a clear photo of a product is the best match, a look-alike only similar, noise nothing", async () => {
    // Three toys, and a fourth product that is the first in another colourway (a look-alike).
    const toys = [
      { kind: 'car', color: '#E53935', accent: '#FDD835', seed: 7 },
      { kind: 'robot', color: '#1E88E5', accent: '#E53935', seed: 8 },
      { kind: 'teddy', color: '#8D6E63', accent: '#F06292', seed: 9 },
    ] as const;
    const drawn = await Promise.all(toys.map((t) => renderToyPicture({ view: 0, size: 480, ...t })));
    const pictures = [...drawn, await sharp(drawn[0]).modulate({ hue: 12 }).jpeg({ quality: 90 }).toBuffer()];
    const features = await Promise.all(
      pictures.map((p) => extractImageFeatures(p, MATCHER_OPTIONS.features)),
    );
    const local = new MemoryLocalFeatures();
    const matcher = new OrbImageMatcher(
      trainVocabularyNow(features.map((f) => f.local.descriptors)),
      local,
      MATCHER_OPTIONS,
    );
    features.forEach((f, i) => {
      const d = matcher.describeFeatures(f);
      matcher.add(i + 1, i + 1, d);
      local.set(i + 1, d.local);
    });
    const scores = async (image: Buffer) =>
      (await matcher.search(await matcher.describeQuery(image), 10)).map((h) => h.score);

    // The robot in dim light, cropped and re-compressed: one product stands out.
    const robot = await sharp(pictures[1])
      .modulate({ brightness: 0.7 })
      .extract({ left: 40, top: 30, width: 400, height: 420 })
      .jpeg({ quality: 55 })
      .toBuffer();
    expect(matchCertainty(await scores(robot))).toBe('best');

    // The car, likewise: its other colourway is verified as well, so it is only 'similar'.
    const car = await sharp(pictures[0])
      .modulate({ brightness: 0.7 })
      .extract({ left: 40, top: 30, width: 400, height: 420 })
      .jpeg({ quality: 55 })
      .toBuffer();
    const carScores = await scores(car);
    expect(carScores.length).toBeGreaterThanOrEqual(2);
    expect(matchCertainty(carScores)).toBe('similar');

    // Noise: nothing is close, and the buyer is told so rather than shown a list.
    const noise = Buffer.alloc(320 * 320 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + ((i * i) % 251)) & 255;
    const random = await sharp(noise, { raw: { width: 320, height: 320, channels: 3 } })
      .png()
      .toBuffer();
    expect(matchCertainty(await scores(random))).toBe('none');
  }, 60_000);
});
