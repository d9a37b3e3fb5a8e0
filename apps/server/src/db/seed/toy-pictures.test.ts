import sharp from 'sharp';
import { describe, it, expect } from 'vitest';
import {
  PICTURE_KINDS,
  type PictureKind,
  renderToyPicture,
  toySvg,
  type ToyPictureOptions,
} from './toy-pictures';
import { BASE_TOYS } from './vocabulary-toys';

const base: ToyPictureOptions = { kind: 'car', color: '#E53935', accent: '#FDD835', seed: 42, view: 0 };

const isJpeg = (buf: Buffer): boolean => buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;

describe('toy pictures', () => {
  it('renders a square JPEG of the requested size', async () => {
    const buf = await renderToyPicture({ ...base, size: 320 });
    expect(isJpeg(buf)).toBe(true);
    const meta = await sharp(buf).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([320, 320]);
  });

  it('renders 800 x 800 by default', async () => {
    const meta = await sharp(await renderToyPicture(base)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
  });

  it('is deterministic for the same options', async () => {
    expect(toySvg({ ...base, view: 1 })).toBe(toySvg({ ...base, view: 1 }));
    const [a, b] = await Promise.all([
      renderToyPicture({ ...base, size: 200 }),
      renderToyPicture({ ...base, size: 200 }),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it('differs between kinds and between seeds', () => {
    const svgs = new Set(PICTURE_KINDS.map((kind) => toySvg({ ...base, kind })));
    expect(svgs.size).toBe(PICTURE_KINDS.length);
    const seeds = new Set([1, 2, 3, 4, 5].map((seed) => toySvg({ ...base, seed })));
    expect(seeds.size).toBe(5);
  });

  it('differs between views', () => {
    const views = new Set(([0, 1, 2] as const).map((view) => toySvg({ ...base, view })));
    expect(views.size).toBe(3);
  });

  it('uses the given colours, normalised to hex', () => {
    const svg = toySvg({ ...base, color: '#1e88e5', accent: '#fb8c00' });
    expect(svg).toContain('#1e88e5');
    expect(svg).toContain('#fb8c00');
  });

  it('stays self-contained: no external images, fonts or links', () => {
    for (const view of [0, 1, 2] as const) {
      const svg = toySvg({ ...base, kind: 'robot', view });
      expect(svg).not.toMatch(/<image|<text|@import|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
      expect(svg).toMatch(/^<svg [^>]*width="800" height="800"/);
    }
  });

  it('accepts odd seeds and malformed colours without failing', () => {
    for (const seed of [0, -1, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]) {
      expect(toySvg({ ...base, seed })).toContain('</svg>');
    }
    expect(toySvg({ ...base, color: 'red"/><script>', accent: '' })).not.toContain('<script>');
  });

  it('covers every picture kind', async () => {
    expect(PICTURE_KINDS).toHaveLength(26);
    for (const kind of PICTURE_KINDS) {
      for (const view of [0, 1, 2] as const) {
        const buf = await renderToyPicture({ ...base, kind, view, seed: 7, size: 96 });
        expect(isJpeg(buf), `${kind} view ${view}`).toBe(true);
      }
    }
  });
});

/**
 * What each drawing shows, as words a product name of that kind must use (whole words, in the
 * English name): a picture never contradicts its product (issue 21, item 17: a flying ball drawn
 * as a drone, a football as a beach ball).
 */
const DRAWN: Record<PictureKind, readonly string[]> = {
  car: ['car'],
  truck: ['truck'],
  train: ['train', 'locomotive', 'railway'],
  plane: ['plane', 'airplane', 'glider'],
  helicopter: ['helicopter'],
  drone: ['drone'],
  kite: ['delta kite', 'diamond kite'],
  // The doll is drawn as a girl in a dress: a dress-up costume shows on her.
  doll: ['doll', 'dress-up'],
  teddy: ['teddy bear', 'bear', 'plush animal'],
  blocks: ['building blocks', 'blocks', 'building tiles', 'construction', 'shape sorter', 'marble run'],
  puzzle: ['puzzle'],
  water_gun: ['water gun', 'water blaster'],
  ball: ['playground ball', 'beach ball'],
  football: ['football'],
  flying_ball: ['flying ball'],
  bubble: ['bubble'],
  guitar: ['guitar', 'ukulele'],
  xylophone: ['xylophone'],
  microscope: ['microscope'],
  kitchen: ['cookware', 'kitchen', 'play food'],
  doctor_kit: ['doctor', 'dentist', 'vet'],
  robot: ['robot'],
  dinosaur: ['dinosaur', 't-rex'],
  action_figure: ['action figure', 'figures'],
  boat: ['sailboat', 'sailing yacht'],
  rocket: ['rocket'],
};

describe('demo product pictures and names', () => {
  it.each(BASE_TOYS.map((t) => [t.name.en, t.picture] as const))(
    '“%s” is drawn as what it is (%s)',
    (name, kind) => {
      const words = DRAWN[kind].map((w) => new RegExp(`\\b${w}\\b`, 'i'));
      expect(words.some((w) => w.test(name))).toBe(true);
    },
  );
});
