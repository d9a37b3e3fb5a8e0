/**
 * Demo product pictures for seeded toys.
 *
 * Every picture is plain SVG (shapes and gradients only: no fonts, no images,
 * no filters) rasterised to JPEG with sharp. Each toy is drawn in a local
 * 400 x 400 "studio" box whose floor line is y = 350; a view then places that
 * drawing on a backdrop, in front of a retail box, or as a close-up.
 */
import sharp from 'sharp';
import { seededRandom } from '../../platform/random';

export type PictureKind =
  | 'car'
  | 'truck'
  | 'train'
  | 'plane'
  | 'helicopter'
  | 'drone'
  | 'kite'
  | 'doll'
  | 'teddy'
  | 'blocks'
  | 'puzzle'
  | 'water_gun'
  | 'ball'
  | 'football'
  | 'flying_ball'
  | 'bubble'
  | 'guitar'
  | 'xylophone'
  | 'microscope'
  | 'kitchen'
  | 'doctor_kit'
  | 'robot'
  | 'dinosaur'
  | 'action_figure'
  | 'boat'
  | 'rocket';

export const PICTURE_KINDS: readonly PictureKind[] = Object.freeze([
  'car',
  'truck',
  'train',
  'plane',
  'helicopter',
  'drone',
  'kite',
  'doll',
  'teddy',
  'blocks',
  'puzzle',
  'water_gun',
  'ball',
  'football',
  'flying_ball',
  'bubble',
  'guitar',
  'xylophone',
  'microscope',
  'kitchen',
  'doctor_kit',
  'robot',
  'dinosaur',
  'action_figure',
  'boat',
  'rocket',
] as const);

export interface ToyPictureOptions {
  kind: PictureKind;
  /** Main body colour, hex such as "#E53935". */
  color: string;
  /** Detail colour, hex. */
  accent: string;
  /** Any integer; varies decals, stripes, proportions and backdrop tint. */
  seed: number;
  /** 0 = studio shot, 1 = in front of its retail box, 2 = close-up detail. */
  view: 0 | 1 | 2;
  /** Output width and height in pixels (default 800). */
  size?: number;
}

const DEFAULT_SIZE = 800;
const JPEG_QUALITY = 82;

// ---------------------------------------------------------------------------
// Numbers and colours
// ---------------------------------------------------------------------------

/** Rounds to one decimal so the SVG text is compact and stable. */
function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const body = m?.[1];
  if (body === undefined) return [128, 128, 128];
  const full = body.length === 3 ? [...body].map((ch) => ch + ch).join('') : body;
  const v = parseInt(full, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parseHex(a);
  const [br, bg, bb] = parseHex(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
const darken = (c: string, t: number): string => mix(c, '#000000', t);

function luminance(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** A colour that reads on top of `c`. */
const inkOn = (c: string): string => (luminance(c) > 0.6 ? '#263238' : '#ffffff');

const INK = '#263238';
const METAL = '#b0bec5';
const GLASS = '#90caf9';
const WOOD = '#a1662f';
const RAINBOW = [
  '#E53935',
  '#FB8C00',
  '#FDD835',
  '#43A047',
  '#00ACC1',
  '#1E88E5',
  '#5E35B1',
  '#D81B60',
] as const;
const SKIN_TONES = ['#f6d2b8', '#eab38f', '#c98b62', '#8d5b3e'] as const;
const HAIR_COLORS = ['#5d3a1a', '#e0b050', '#2b1d14', '#a0421c', '#7a4a2a'] as const;

function pick<T>(list: readonly [T, ...T[]], i: number): T {
  const len = list.length;
  return list[((Math.floor(i) % len) + len) % len] ?? list[0];
}

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Folds any number into 32 bits (keeps high bits of large safe integers). */
function seed32(seed: number): number {
  const s = Number.isFinite(seed) ? Math.trunc(seed) : 0;
  const lo = s % 4294967296;
  const hi = Math.trunc(s / 4294967296);
  return (lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0;
}

// ---------------------------------------------------------------------------
// Gradient registry
// ---------------------------------------------------------------------------

type Stop = readonly [offset: number, color: string, opacity?: number];

class Defs {
  private readonly parts: string[] = [];
  private readonly ids = new Map<string, string>();

  private add(key: string, build: (id: string) => string): string {
    const hit = this.ids.get(key);
    if (hit !== undefined) return hit;
    const id = `d${this.ids.size}`;
    this.parts.push(build(id));
    const url = `url(#${id})`;
    this.ids.set(key, url);
    return url;
  }

  private static stops(stops: readonly Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
      )
      .join('');
  }

  linear(stops: readonly Stop[], x2 = 0, y2 = 1): string {
    const key = `L${x2},${y2}:${JSON.stringify(stops)}`;
    return this.add(
      key,
      (id) =>
        `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${Defs.stops(stops)}</linearGradient>`,
    );
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const key = `R${cx},${cy},${r},${fx},${fy}:${JSON.stringify(stops)}`;
    return this.add(
      key,
      (id) =>
        `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${Defs.stops(stops)}</radialGradient>`,
    );
  }

  /** Adds an arbitrary definition (such as a reusable group). */
  raw(svg: string): void {
    this.parts.push(svg);
  }

  clip(d: string): string {
    return this.add(`C${d}`, (id) => `<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  }

  /** Lit from above: light top, base colour, dark bottom. */
  body(c: string): string {
    return this.linear([
      [0, lighten(c, 0.38)],
      [0.45, c],
      [1, darken(c, 0.32)],
    ]);
  }

  /** Vertical cylinder: dark edges, bright band left of centre. */
  cyl(c: string): string {
    return this.linear(
      [
        [0, darken(c, 0.35)],
        [0.3, lighten(c, 0.4)],
        [0.55, c],
        [1, darken(c, 0.42)],
      ],
      1,
      0,
    );
  }

  /** Horizontal cylinder (tubes lying down). */
  tube(c: string): string {
    return this.linear([
      [0, darken(c, 0.2)],
      [0.25, lighten(c, 0.45)],
      [0.55, c],
      [1, darken(c, 0.45)],
    ]);
  }

  ball(c: string): string {
    return this.radial(
      [
        [0, lighten(c, 0.6)],
        [0.45, c],
        [1, darken(c, 0.45)],
      ],
      0.5,
      0.5,
      0.62,
      0.34,
      0.3,
    );
  }

  glass(): string {
    return this.linear(
      [
        [0, '#e3f2fd'],
        [0.5, GLASS],
        [1, '#3f6e99'],
      ],
      0.4,
      1,
    );
  }

  shadow(): string {
    return this.radial([
      [0, '#000000', 0.42],
      [0.55, '#000000', 0.18],
      [1, '#000000', 0],
    ]);
  }

  gloss(): string {
    return this.radial([
      [0, '#ffffff', 0.85],
      [1, '#ffffff', 0],
    ]);
  }

  toString(): string {
    return `<defs>${this.parts.join('')}</defs>`;
  }
}

// ---------------------------------------------------------------------------
// Drawing context and shared shapes
// ---------------------------------------------------------------------------

interface Ctx {
  readonly d: Defs;
  readonly color: string;
  readonly accent: string;
  /** Uniform [0, 1). */
  readonly rnd: () => number;
  /** Decal number 1..99. */
  readonly num: number;
  /** 0, 1 or 2: which decal / stripe pattern to use. */
  readonly variant: number;
}

const between = (c: Ctx, lo: number, hi: number): number => lo + c.rnd() * (hi - lo);

/** Outline attributes in a darker shade of the fill. */
function ol(fill: string, w = 3): string {
  return ` stroke="${darken(fill, 0.55)}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;
}

function floorShadow(c: Ctx, cx: number, rx: number, ry = rx * 0.09, cy = 350): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${c.d.shadow()}"/>`;
}

function gloss(c: Ctx, cx: number, cy: number, rx: number, ry: number, rot = 0, opacity = 0.8): string {
  const tr = rot === 0 ? '' : ` transform="rotate(${n(rot)} ${n(cx)} ${n(cy)})"`;
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${c.d.gloss()}" opacity="${opacity}"${tr}/>`;
}

/** A thick rounded stroke with a darker outline (arms, legs, sticks, tubes). */
function limb(d: string, color: string, w: number): string {
  return (
    `<path d="${d}" fill="none" stroke="${darken(color, 0.55)}" stroke-width="${n(w + 5)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="${n(w * 0.3)}" stroke-linecap="round" transform="translate(${n(-w * 0.18)} ${n(-w * 0.18)})"/>`
  );
}

function wheel(c: Ctx, cx: number, cy: number, r: number): string {
  const bolts = [0, 1, 2, 3, 4]
    .map((i) => {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      return `<circle cx="${n(cx + Math.cos(a) * r * 0.38)}" cy="${n(cy + Math.sin(a) * r * 0.38)}" r="${n(r * 0.06)}" fill="${darken(METAL, 0.4)}"/>`;
    })
    .join('');
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${c.d.ball('#3a3a3a')}"${ol('#3a3a3a', 2.5)}/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.82)}" fill="none" stroke="#555" stroke-width="${n(r * 0.05)}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.58)}" fill="${c.d.ball('#e6eaee')}"${ol(METAL, 2)}/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.25)}" fill="${c.d.ball(c.accent)}"/>` +
    bolts
  );
}

function star(cx: number, cy: number, r: number, points = 5, inner = 0.45): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rr = i % 2 === 0 ? r : r * inner;
    const a = (i / (points * 2)) * Math.PI * 2 - Math.PI / 2;
    pts.push(`${n(cx + Math.cos(a) * rr)},${n(cy + Math.sin(a) * rr)}`);
  }
  return `M${pts.join('L')}Z`;
}

function rect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}" fill="${fill}"${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
}

function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

// Stroke glyphs on a 4 x 6 grid, so model codes and decal numbers need no font.
const GLYPHS: Readonly<Record<string, string>> = {
  '0': 'M0 0H4V6H0Z',
  '1': 'M1 1L2 0V6M1 6H3',
  '2': 'M0 0H4V3H0V6H4',
  '3': 'M0 0H4V6H0M1 3H4',
  '4': 'M0 0V3H4M4 0V6',
  '5': 'M4 0H0V3H4V6H0',
  '6': 'M4 0H0V6H4V3H0',
  '7': 'M0 0H4V6',
  '8': 'M0 0H4V6H0ZM0 3H4',
  '9': 'M4 3H0V0H4V6H0',
  N: 'M0 6V0L4 6V0',
  o: 'M0 3H4V6H0Z',
  '.': 'M2 6L2 6',
  ' ': '',
};

/** Draws `text` (digits, "N", "o", ".") centred on (cx, cy), `h` pixels tall. */
function glyphs(text: string, cx: number, cy: number, h: number, color: string): string {
  const s = h / 6;
  const advance = 6.2;
  const width = text.length * advance - 2.2;
  const x0 = cx - (width * s) / 2;
  const y0 = cy - h / 2;
  const d = [...text]
    .map((ch, i) => {
      const g = GLYPHS[ch] ?? '';
      return g === ''
        ? ''
        : `<path d="${g}" transform="translate(${n(x0 + i * advance * s)} ${n(y0)}) scale(${s.toFixed(3)})"/>`;
    })
    .join('');
  // stroke width is in glyph units, so it scales with the text
  return `<g fill="none" stroke="${color}" stroke-width="1.1" stroke-linecap="round" stroke-linejoin="round">${d}</g>`;
}

/** The accent, unless it is too pale to read on white. */
function strongAccent(c: Ctx): string {
  if (luminance(c.accent) < 0.7) return c.accent;
  return luminance(c.color) < 0.7 ? c.color : INK;
}

/** A round sticker with the product number or a star, chosen by variant. */
function decal(c: Ctx, cx: number, cy: number, r: number): string {
  const ink = strongAccent(c);
  const disc = circle(cx, cy, r, c.d.ball('#fafafa'), ol(ink, Math.max(2, r * 0.12)));
  if (c.variant === 1) return disc + path(star(cx, cy + r * 0.04, r * 0.72), ink);
  return disc + glyphs(String(c.num), cx, cy, r * 0.95, ink);
}

// ---------------------------------------------------------------------------
// The toys (local 400 x 400 box, floor at y = 350)
// ---------------------------------------------------------------------------

function drawCar(c: Ctx): string {
  const { d, color, accent } = c;
  const roof = between(c, 150, 162);
  const body =
    `M40 298 L40 252 Q42 226 72 221 L122 215 L150 ${n(roof + 10)} Q156 ${n(roof)} 172 ${n(roof)} L254 ${n(roof)} ` +
    `Q268 ${n(roof)} 277 ${n(roof + 10)} L312 212 L344 220 Q362 226 362 252 L362 298 Q362 310 350 310 L52 310 Q40 310 40 298 Z`;
  const stripe =
    c.variant === 2
      ? path('M44 262 L358 262 L358 272 L44 272 Z', accent) +
        path('M44 278 L358 278 L358 283 L44 283 Z', accent)
      : path('M44 258 L358 258 L358 276 L44 276 Z', accent);
  return (
    floorShadow(c, 200, 175) +
    path(body, d.body(color), ol(color)) +
    stripe +
    path(`M158 ${n(roof + 16)} L200 ${n(roof + 16)} L200 208 L134 208 Z`, d.glass(), ol(GLASS, 2.5)) +
    path(`M210 ${n(roof + 16)} L262 ${n(roof + 16)} L292 208 L210 208 Z`, d.glass(), ol(GLASS, 2.5)) +
    path(`M170 ${n(roof + 20)} L186 ${n(roof + 20)} L158 204 L146 204 Z`, '#ffffff', ' opacity="0.45"') +
    path(`M228 ${n(roof + 20)} L242 ${n(roof + 20)} L222 204 L210 204 Z`, '#ffffff', ' opacity="0.45"') +
    path('M205 214 L205 300', 'none', ol(color, 2.5)) +
    rect(214, 230, 22, 6, 3, darken(color, 0.35)) +
    path('M62 310 A48 48 0 0 1 158 310 Z', darken(color, 0.5)) +
    path('M242 310 A48 48 0 0 1 338 310 Z', darken(color, 0.5)) +
    wheel(c, 110, 306, 40) +
    wheel(c, 290, 306, 40) +
    rect(346, 232, 16, 16, 6, c.d.ball('#fff59d'), ol('#fbc02d', 2)) +
    rect(38, 236, 10, 18, 4, '#e53935', ol('#e53935', 2)) +
    rect(344, 290, 26, 14, 6, d.tube(METAL), ol(METAL, 2)) +
    rect(30, 290, 26, 14, 6, d.tube(METAL), ol(METAL, 2)) +
    decal(c, 180, 258, 20) +
    gloss(c, 210, roof + 4, 60, 6, 0, 0.7) +
    gloss(c, 290, 227, 40, 6, 8, 0.6) +
    gloss(c, 90, 232, 35, 6, -4, 0.6)
  );
}

function drawTruck(c: Ctx): string {
  const { d, color, accent } = c;
  const bedTop = between(c, 160, 178);
  const ribs = [80, 120, 160, 200]
    .map((x) =>
      path(`M${x} ${n(bedTop + 8)} L${x} 280`, 'none', ` stroke="${darken(accent, 0.3)}" stroke-width="4"`),
    )
    .join('');
  return (
    floorShadow(c, 200, 180) +
    rect(36, 276, 320, 24, 6, '#37474f', ol('#37474f', 2)) +
    path(`M40 ${n(bedTop)} L250 ${n(bedTop)} L244 284 L48 284 Z`, d.body(accent), ol(accent)) +
    path(
      `M40 ${n(bedTop)} L250 ${n(bedTop)} L250 ${n(bedTop + 12)} L40 ${n(bedTop + 12)} Z`,
      lighten(accent, 0.3),
      ol(accent, 2),
    ) +
    ribs +
    rect(236, 112, 12, 80, 5, d.cyl(METAL), ol(METAL, 2)) +
    path(
      'M256 300 L256 168 Q256 148 276 148 L318 148 Q336 148 344 170 L356 214 Q360 222 360 236 L360 300 Z',
      d.body(color),
      ol(color),
    ) +
    path('M272 164 L316 164 Q326 164 330 176 L340 212 L272 212 Z', d.glass(), ol(GLASS, 2.5)) +
    path('M284 168 L296 168 L282 208 L274 208 Z', '#ffffff', ' opacity="0.45"') +
    rect(350, 236, 14, 48, 4, d.cyl(METAL), ol(METAL, 2)) +
    rect(346, 224, 14, 12, 4, d.ball('#fff59d'), ol('#fbc02d', 2)) +
    rect(262, 180, 8, 22, 3, '#37474f') +
    path('M56 308 A44 44 0 0 1 144 308 Z', '#263238') +
    path('M141 308 A44 44 0 0 1 229 308 Z', '#263238') +
    path('M261 308 A44 44 0 0 1 349 308 Z', darken(color, 0.5)) +
    wheel(c, 100, 308, 38) +
    wheel(c, 185, 308, 38) +
    wheel(c, 305, 308, 38) +
    decal(c, 296, 250, 20) +
    gloss(c, 300, 156, 28, 5, 10, 0.7) +
    gloss(c, 140, bedTop + 4, 80, 3, 0, 0.6)
  );
}

function drawTrain(c: Ctx): string {
  const { d, color, accent } = c;
  const sleepers = Array.from({ length: 11 }, (_, i) => rect(14 + i * 36, 338, 16, 10, 2, '#8d6e63')).join(
    '',
  );
  const carriageColor = c.variant === 1 ? accent : lighten(color, 0.15);
  const roofColor = c.variant === 1 ? color : accent;
  const windows = [268, 306, 344].map((x) => rect(x - 14, 200, 28, 34, 6, d.glass(), ol(GLASS, 2))).join('');
  return (
    floorShadow(c, 200, 190, 14, 344) +
    sleepers +
    rect(6, 334, 388, 6, 2, d.tube('#90a4ae')) +
    // locomotive
    path('M22 318 L48 270 L48 318 Z', accent, ol(accent, 2.5)) +
    rect(36, 268, 206, 26, 6, '#37474f', ol('#37474f', 2)) +
    rect(44, 190, 134, 84, 30, d.tube(color), ol(color)) +
    ellipse(46, 232, 14, 40, d.ball(darken(color, 0.2)), ol(color, 2.5)) +
    circle(44, 232, 9, d.ball('#fff59d')) +
    path('M62 138 L100 138 L92 160 L90 194 L72 194 L70 160 Z', d.cyl('#37474f'), ol('#37474f', 2)) +
    rect(58, 132, 46, 10, 4, accent, ol(accent, 2)) +
    path('M110 192 A20 18 0 0 1 150 192 Z', d.ball(accent), ol(accent, 2)) +
    rect(166, 142, 72, 138, 8, d.body(color), ol(color)) +
    rect(158, 128, 88, 18, 7, d.body(accent), ol(accent)) +
    rect(180, 160, 44, 42, 7, d.glass(), ol(GLASS, 2)) +
    path('M188 164 L200 164 L190 198 L182 198 Z', '#ffffff', ' opacity="0.45"') +
    path('M48 252 L176 252', 'none', ` stroke="${accent}" stroke-width="6"`) +
    decal(c, 202, 240, 18) +
    wheel(c, 82, 308, 28) +
    wheel(c, 142, 308, 28) +
    wheel(c, 208, 314, 22) +
    path('M82 308 L208 314', 'none', ` stroke="${METAL}" stroke-width="6" stroke-linecap="round"`) +
    // coupling + carriage
    rect(236, 284, 22, 8, 3, '#455a64') +
    rect(250, 272, 140, 20, 6, '#37474f', ol('#37474f', 2)) +
    rect(252, 178, 136, 100, 10, d.body(carriageColor), ol(carriageColor)) +
    rect(244, 166, 152, 18, 8, d.body(roofColor), ol(roofColor)) +
    windows +
    path('M256 252 L384 252', 'none', ` stroke="${roofColor}" stroke-width="6"`) +
    wheel(c, 282, 314, 22) +
    wheel(c, 356, 314, 22) +
    gloss(c, 110, 204, 50, 6, 0, 0.8) +
    gloss(c, 310, 190, 50, 4, 0, 0.6)
  );
}

function drawPlane(c: Ctx): string {
  const { d, color, accent } = c;
  const tail = between(c, 108, 122);
  const windows = [120, 150, 180, 210].map((x) => circle(x, 206, 8, d.glass(), ol(GLASS, 2))).join('');
  const blade = (rot: number): string =>
    ellipse(374, 216, 7, 62, '#546e7a', ` opacity="0.75" transform="rotate(${rot} 374 216)"`);
  return (
    floorShadow(c, 210, 165) +
    // far wing and stabiliser sit behind the fuselage
    path('M200 206 L252 206 L222 128 L194 128 Z', d.body(darken(accent, 0.15)), ol(accent)) +
    path('M58 206 L96 206 L78 176 L60 176 Z', darken(accent, 0.15), ol(accent, 2.5)) +
    path(
      `M44 208 L62 ${n(tail + 8)} Q66 ${n(tail)} 78 ${n(tail + 2)} L112 208 Z`,
      d.body(accent),
      ol(accent),
    ) +
    limb('M258 248 L262 318', METAL, 6) +
    wheel(c, 262, 322, 22) +
    path(
      'M40 204 Q44 190 82 188 L298 184 Q356 186 368 216 Q356 246 298 248 L82 246 Q44 242 40 230 Z',
      d.body(color),
      ol(color),
    ) +
    path('M46 226 L362 222 L360 232 L50 236 Z', accent, ' opacity="0.9"') +
    path('M232 188 Q240 158 268 158 Q294 160 306 186 Z', d.glass(), ol(GLASS, 2.5)) +
    path('M250 184 Q252 166 268 164 L262 184 Z', '#ffffff', ' opacity="0.5"') +
    windows +
    path('M54 232 L98 232 L78 268 L56 268 Z', d.body(accent), ol(accent, 2.5)) +
    path('M196 238 L256 238 L204 312 L152 312 Z', d.body(accent), ol(accent)) +
    path(
      'M186 296 L212 296',
      'none',
      ` stroke="${lighten(accent, 0.5)}" stroke-width="4" stroke-linecap="round"`,
    ) +
    blade(8) +
    blade(-20) +
    ellipse(370, 216, 12, 16, d.ball(accent), ol(accent, 2)) +
    decal(c, 82, tail + 46, 15) +
    gloss(c, 200, 194, 100, 5, -1, 0.8)
  );
}

function drawHelicopter(c: Ctx): string {
  const { d, color, accent } = c;
  const span = between(c, 165, 185);
  return (
    floorShadow(c, 170, 140) +
    path('M232 206 L368 184 L372 206 L236 248 Z', d.body(darken(color, 0.1)), ol(color)) +
    path('M352 204 L362 150 Q366 142 374 146 L382 204 Z', d.body(accent), ol(accent, 2.5)) +
    circle(370, 196, 26, '#90a4ae', ' opacity="0.3"') +
    path(
      'M370 170 L370 222 M344 196 L396 196',
      'none',
      ` stroke="#455a64" stroke-width="5" stroke-linecap="round"`,
    ) +
    circle(370, 196, 5, accent) +
    // skids
    limb('M110 296 L98 330 M214 296 L226 330', METAL, 6) +
    limb('M34 318 Q40 332 56 332 L268 332', METAL, 8) +
    ellipse(160, 236, 106, 76, d.body(color), ol(color)) +
    path('M62 236 Q64 174 134 164 L150 236 Z', d.glass(), ol(GLASS, 2.5)) +
    path('M86 214 Q92 184 118 176 L112 216 Z', '#ffffff', ' opacity="0.5"') +
    rect(172, 186, 48, 40, 10, d.glass(), ol(GLASS, 2)) +
    path('M70 262 Q160 282 262 256', 'none', ` stroke="${accent}" stroke-width="9" stroke-linecap="round"`) +
    rect(124, 150, 110, 26, 12, d.body(accent), ol(accent)) +
    rect(172, 118, 14, 36, 4, d.cyl(METAL), ol(METAL, 2)) +
    ellipse(179, 116, span, 7, '#37474f', ` transform="rotate(-3 179 116)"`) +
    ellipse(179, 116, 70, 9, '#546e7a', ` transform="rotate(14 179 116)"`) +
    ellipse(179, 114, 16, 8, d.ball(accent), ol(accent, 2)) +
    decal(c, 282, 220, 14) +
    gloss(c, 140, 180, 50, 10, -8, 0.7)
  );
}

function drawDrone(c: Ctx): string {
  const { d, color, accent } = c;
  const rotor = (x: number, y: number, s: number): string =>
    rect(x - 7 * s, y - 2, 14 * s, 18 * s, 4, d.cyl('#37474f')) +
    ellipse(x, y, 62 * s, 15 * s, '#b0bec5', ' opacity="0.35"') +
    ellipse(x, y, 58 * s, 5 * s, '#37474f', ` opacity="0.85" transform="rotate(8 ${x} ${y})"`) +
    ellipse(x, y, 4 * s, 13 * s, '#37474f', ' opacity="0.85"') +
    ellipse(x, y, 68 * s, 18 * s, 'none', ` stroke="${accent}" stroke-width="${n(6 * s)}"`) +
    circle(x, y - 2, 6 * s, d.ball(accent));
  const arm = (x: number, y: number, w: number): string =>
    limb(`M200 222 L${x} ${y + 10}`, darken(color, 0.15), w);
  const led = c.variant === 0 ? '#66bb6a' : c.variant === 1 ? '#ef5350' : '#42a5f5';
  return (
    floorShadow(c, 200, 150, 12, 346) +
    arm(104, 162, 12) +
    arm(296, 162, 12) +
    rotor(104, 162, 0.85) +
    rotor(296, 162, 0.85) +
    arm(60, 252, 14) +
    arm(340, 252, 14) +
    limb('M168 240 L150 322 L130 330 M232 240 L250 322 L270 330', '#546e7a', 7) +
    rect(146, 190, 108, 60, 24, d.body(color), ol(color)) +
    path('M160 200 Q200 178 240 200 L236 214 Q200 202 164 214 Z', lighten(color, 0.35), ' opacity="0.7"') +
    circle(200, 264, 20, d.ball('#37474f'), ol('#37474f', 2)) +
    circle(200, 266, 10, d.glass(), ol(accent, 3)) +
    circle(196, 262, 3, '#ffffff') +
    circle(162, 230, 5, led) +
    circle(238, 230, 5, led) +
    decal(c, 200, 222, 13) +
    rotor(60, 252, 1) +
    rotor(340, 252, 1) +
    gloss(c, 196, 198, 40, 6, 0, 0.8)
  );
}

function drawKite(c: Ctx): string {
  const { d, color, accent } = c;
  const w = between(c, 100, 118);
  const top = 28;
  const mid = 148;
  const bot = 290;
  const L = 200 - w;
  const R = 200 + w;
  const bow = (x: number, y: number, col: string): string =>
    path(
      `M${n(x - 16)} ${n(y - 9)} L${n(x + 16)} ${n(y + 9)} L${n(x + 16)} ${n(y - 9)} L${n(x - 16)} ${n(y + 9)} Z`,
      col,
      ol(col, 2),
    ) + circle(x, y, 4, darken(col, 0.3));
  const motif =
    c.variant === 1
      ? path(star(200, mid, 22), '#ffffff', ol(accent, 2))
      : c.variant === 2
        ? circle(200, mid, 20, '#ffffff', ol(accent, 3)) + circle(200, mid, 9, INK)
        : decal(c, 200, mid, 20);
  return (
    floorShadow(c, 220, 120, 9) +
    path(
      `M200 ${bot} C160 316 250 318 236 336 C226 350 272 362 320 352`,
      'none',
      ` stroke="#6d4c41" stroke-width="3"`,
    ) +
    bow(192, 313, accent) +
    bow(244, 330, color) +
    bow(282, 356, accent) +
    path(`M200 ${top} L${n(L)} ${mid} L200 ${mid} Z`, d.body(color), ol(color, 2)) +
    path(`M200 ${top} L${n(R)} ${mid} L200 ${mid} Z`, d.body(accent), ol(accent, 2)) +
    path(`M${n(L)} ${mid} L200 ${bot} L200 ${mid} Z`, d.body(accent), ol(accent, 2)) +
    path(`M${n(R)} ${mid} L200 ${bot} L200 ${mid} Z`, d.body(color), ol(color, 2)) +
    path(`M200 ${top} L${n(R)} ${mid} L200 ${bot} L${n(L)} ${mid} Z`, 'none', ol(color, 4)) +
    path(
      `M200 ${top + 4} L200 ${bot - 4} M${n(L + 6)} ${mid} L${n(R - 6)} ${mid}`,
      'none',
      ` stroke="${WOOD}" stroke-width="5" stroke-linecap="round"`,
    ) +
    motif +
    path(`M200 ${mid} L390 390`, 'none', ' stroke="#eeeeee" stroke-width="2" opacity="0.9"') +
    path(
      `M200 ${top + 14} L${n(L + 24)} ${mid - 6}`,
      'none',
      ' stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.45"',
    )
  );
}

function drawDoll(c: Ctx): string {
  const { d, color, accent } = c;
  const skin = pick(SKIN_TONES, c.num);
  const hair = pick(HAIR_COLORS, c.num * 7 + c.variant);
  const hem = between(c, 292, 304);
  const dots = [
    [170, 240],
    [214, 232],
    [236, 268],
    [186, 276],
    [150, 282],
    [252, 290],
    [206, 300],
  ]
    .map(([x = 0, y = 0]) => (y < hem - 6 ? circle(x, y, 5, '#ffffff', ' opacity="0.85"') : ''))
    .join('');
  return (
    floorShadow(c, 200, 85, 10) +
    path(
      'M134 120 Q128 46 200 42 Q272 46 266 120 L276 214 Q240 226 200 222 Q160 226 124 214 Z',
      d.body(hair),
      ol(hair),
    ) +
    limb('M186 296 L184 334', skin, 15) +
    limb('M214 296 L216 334', skin, 15) +
    ellipse(182, 340, 15, 8, d.ball(accent), ol(accent, 2)) +
    ellipse(218, 340, 15, 8, d.ball(accent), ol(accent, 2)) +
    limb('M166 182 Q144 214 142 256', skin, 14) +
    limb('M234 182 Q256 214 258 256', skin, 14) +
    path(`M166 200 L234 200 L282 ${n(hem)} Q200 ${n(hem + 18)} 118 ${n(hem)} Z`, d.body(color), ol(color)) +
    dots +
    path(
      `M118 ${n(hem)} Q200 ${n(hem + 18)} 282 ${n(hem)} L284 ${n(hem + 8)} Q200 ${n(hem + 27)} 116 ${n(hem + 8)} Z`,
      accent,
      ol(accent, 2),
    ) +
    rect(166, 168, 68, 40, 14, d.body(color), ol(color)) +
    rect(164, 200, 72, 10, 5, accent, ol(accent, 2)) +
    rect(190, 148, 20, 24, 6, skin) +
    path('M180 170 L200 184 L220 170 Z', '#ffffff', ol('#e0e0e0', 2)) +
    circle(200, 112, 48, d.ball(skin), ol(skin, 2.5)) +
    path(
      'M152 112 Q156 60 200 58 Q246 60 250 112 Q228 80 200 88 Q176 78 152 112 Z',
      d.body(hair),
      ol(hair, 2),
    ) +
    ellipse(182, 118, 6, 8, INK) +
    ellipse(218, 118, 6, 8, INK) +
    circle(184, 115, 2, '#ffffff') +
    circle(220, 115, 2, '#ffffff') +
    circle(170, 134, 8, '#f48fb1', ' opacity="0.55"') +
    circle(230, 134, 8, '#f48fb1', ' opacity="0.55"') +
    path('M190 138 Q200 146 210 138', 'none', ' stroke="#c2185b" stroke-width="3" stroke-linecap="round"') +
    path('M236 66 L262 52 L262 80 Z M236 66 L214 50 L212 78 Z', d.body(accent), ol(accent, 2)) +
    circle(236, 66, 6, darken(accent, 0.2)) +
    gloss(c, 186, 90, 16, 8, -20, 0.6)
  );
}

function drawTeddy(c: Ctx): string {
  const { d, color, accent } = c;
  const fur = color;
  const pale = lighten(color, 0.5);
  const ear = between(c, 28, 34);
  const chest =
    c.variant === 1
      ? path('M200 300 C170 278 176 250 200 262 C224 250 230 278 200 300 Z', d.body(accent), ol(accent, 2))
      : c.variant === 2
        ? path(star(200, 272, 20), accent, ol(accent, 2))
        : '';
  const bowTie =
    path('M200 214 L168 198 L168 232 Z M200 214 L232 198 L232 232 Z', d.body(accent), ol(accent, 2.5)) +
    circle(200, 214, 9, darken(accent, 0.15), ol(accent, 2));
  return (
    floorShadow(c, 200, 140) +
    ellipse(200, 262, 90, 84, d.ball(fur), ol(fur)) +
    ellipse(200, 276, 54, 50, d.ball(pale)) +
    chest +
    ellipse(122, 244, 28, 50, d.ball(fur), `${ol(fur)} transform="rotate(28 122 244)"`) +
    ellipse(278, 244, 28, 50, d.ball(fur), `${ol(fur)} transform="rotate(-28 278 244)"`) +
    ellipse(142, 318, 42, 32, d.ball(fur), ol(fur)) +
    ellipse(258, 318, 42, 32, d.ball(fur), ol(fur)) +
    ellipse(132, 320, 20, 22, pale, ol(fur, 2)) +
    ellipse(268, 320, 20, 22, pale, ol(fur, 2)) +
    circle(136, 80, ear, d.ball(fur), ol(fur)) +
    circle(264, 80, ear, d.ball(fur), ol(fur)) +
    circle(138, 82, ear * 0.55, pale) +
    circle(262, 82, ear * 0.55, pale) +
    circle(200, 140, 78, d.ball(fur), ol(fur)) +
    ellipse(200, 168, 38, 28, d.ball(pale), ol(fur, 2)) +
    ellipse(200, 154, 14, 10, d.ball(INK)) +
    path(
      'M200 163 L200 174 M186 178 Q200 188 214 178',
      'none',
      ` stroke="${INK}" stroke-width="3" stroke-linecap="round"`,
    ) +
    circle(168, 128, 9, d.ball(INK)) +
    circle(232, 128, 9, d.ball(INK)) +
    circle(165, 125, 3, '#ffffff') +
    circle(229, 125, 3, '#ffffff') +
    bowTie +
    gloss(c, 176, 96, 30, 14, -20, 0.45)
  );
}

/** An oblique 3-D brick with studs on top. */
function brick(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  depth: number,
  sx: number,
  sz: number,
  color: string,
): string {
  const dx = depth * 0.55;
  const dy = depth * 0.42;
  const studs: string[] = [];
  const sr = Math.min((w / sx) * 0.3, 15);
  for (let j = sz - 1; j >= 0; j--) {
    for (let i = 0; i < sx; i++) {
      const cx = x + ((i + 0.5) * w) / sx + ((j + 0.5) / sz) * dx;
      const cy = y - ((j + 0.5) / sz) * dy;
      studs.push(
        rect(cx - sr, cy - 9, sr * 2, 9, 0, c.d.cyl(color)) +
          ellipse(cx, cy, sr, sr * 0.42, darken(color, 0.2)) +
          ellipse(cx, cy - 9, sr, sr * 0.42, lighten(color, 0.3), ol(color, 1.5)),
      );
    }
  }
  return (
    path(
      `M${n(x)} ${n(y)} L${n(x + w)} ${n(y)} L${n(x + w + dx)} ${n(y - dy)} L${n(x + dx)} ${n(y - dy)} Z`,
      lighten(color, 0.2),
      ol(color, 2.5),
    ) +
    path(
      `M${n(x + w)} ${n(y)} L${n(x + w + dx)} ${n(y - dy)} L${n(x + w + dx)} ${n(y + h - dy)} L${n(x + w)} ${n(y + h)} Z`,
      darken(color, 0.25),
      ol(color, 2.5),
    ) +
    rect(x, y, w, h, 3, c.d.body(color), ol(color, 2.5)) +
    path(
      `M${n(x + 8)} ${n(y + 8)} L${n(x + w - 8)} ${n(y + 8)}`,
      'none',
      ' stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.45"',
    ) +
    studs.join('')
  );
}

function drawBlocks(c: Ctx): string {
  const { color, accent } = c;
  const third = pick(['#FDD835', '#43A047', '#1E88E5', '#FB8C00'], c.num);
  const fourth = pick(['#ffffff', '#8E24AA', '#00ACC1'], c.variant);
  const shift = between(c, -10, 10);
  return (
    floorShadow(c, 215, 175, 16) +
    brick(c, 40, 266, 168, 72, 70, 4, 2, color) +
    brick(c, 208, 266, 112, 72, 70, 2, 2, accent) +
    brick(c, 100 + shift, 194, 168, 72, 70, 4, 2, third) +
    brick(c, 140 + shift, 122, 84, 72, 70, 2, 2, fourth === '#ffffff' ? lighten(color, 0.35) : fourth) +
    brick(c, 300, 314, 62, 30, 40, 2, 1, third)
  );
}

type Tab = -1 | 0 | 1;

/** Edge from (x0,y0) to (x1,y1) with a jigsaw tab bulging to the left of travel when t = 1. */
function jigsawEdge(x0: number, y0: number, x1: number, y1: number, t: Tab): string {
  if (t === 0) return `L${n(x1)} ${n(y1)}`;
  const ux = x1 - x0;
  const uy = y1 - y0;
  // outward normal for a clockwise outline is (uy, -ux)
  const nx = uy * t;
  const ny = -ux * t;
  const p = (a: number, b: number): string => `${n(x0 + ux * a + nx * b)} ${n(y0 + uy * a + ny * b)}`;
  return (
    `L${p(0.38, 0)}C${p(0.42, 0.02)} ${p(0.43, 0.05)} ${p(0.41, 0.08)}` +
    `C${p(0.26, 0.3)} ${p(0.74, 0.3)} ${p(0.59, 0.08)}` +
    `C${p(0.57, 0.05)} ${p(0.58, 0.02)} ${p(0.62, 0)}L${n(x1)} ${n(y1)}`
  );
}

function jigsawPiece(x: number, y: number, s: number, top: Tab, right: Tab, bottom: Tab, left: Tab): string {
  return (
    `M${n(x)} ${n(y)}` +
    jigsawEdge(x, y, x + s, y, top) +
    jigsawEdge(x + s, y, x + s, y + s, right) +
    jigsawEdge(x + s, y + s, x, y + s, bottom) +
    jigsawEdge(x, y + s, x, y, left) +
    'Z'
  );
}

function drawPuzzle(c: Ctx): string {
  const { d, color, accent } = c;
  const s = 124;
  const x0 = 0;
  const y0 = 0;
  const sunX = between(c, 70, 170);
  // The picture printed on the pieces: sky, sun, hills and a cloud.
  const picture =
    rect(x0 - 40, y0 - 40, s * 2 + 80, s * 2 + 80, 0, d.body(lighten(color, 0.35))) +
    circle(sunX, y0 + 62, 36, d.ball('#FDD835')) +
    path(`M${n(sunX + 104)} 150 L${n(sunX + 100)} 112`, 'none', ` stroke="${INK}" stroke-width="2"`) +
    ellipse(sunX + 100, 88, 22, 27, d.ball(accent), ol(accent, 2)) +
    path(`M-40 170 Q70 104 150 166 T${s * 2 + 40} 140 V${s * 2 + 40} H-40 Z`, d.body('#66bb6a')) +
    path(`M-40 212 Q120 158 ${s * 2 + 40} 214 V${s * 2 + 40} H-40 Z`, d.body('#2e7d32')) +
    ellipse(196, 48, 34, 14, '#ffffff', ' opacity="0.92"') +
    ellipse(218, 40, 24, 14, '#ffffff', ' opacity="0.92"');
  const pieces: readonly (readonly [number, number, Tab, Tab, Tab, Tab])[] = [
    [0, 0, 0, 1, -1, 0],
    [1, 0, 0, 0, 1, -1],
    [0, 1, 1, -1, 0, 0],
    [1, 1, -1, 0, 0, 1],
  ];
  const outline = (i: number): string => {
    const [cx = 0, cy = 0, t = 0, r = 0, b = 0, l = 0] = pieces[i] ?? [];
    return jigsawPiece(x0 + cx * s, y0 + cy * s, s, t, r, b, l);
  };
  const piece = (i: number): string => {
    const dp = outline(i);
    return (
      path(dp, darken(color, 0.35), ` transform="translate(0 14)"${ol(color, 2)}`) +
      `<g clip-path="${d.clip(dp)}">${picture}</g>` +
      path(dp, 'none', ` stroke="${darken(color, 0.5)}" stroke-width="2.5" stroke-linejoin="round"`) +
      path(
        dp,
        'none',
        ' stroke="#ffffff" stroke-width="2.5" stroke-linejoin="round" opacity="0.4" transform="translate(-1.5 -1.5)"',
      )
    );
  };
  // Pieces lie in a wooden tray on the floor (oblique projection); one is lifted out.
  const flat = 'matrix(1 0 -0.24 0.66 0 0) translate(-124 -124)';
  const lift = `translate(${n(between(c, 36, 56))} -74) rotate(${n(between(c, 6, 14))})`;
  return (
    floorShadow(c, 200, 180, 24, 344) +
    `<g transform="translate(200 250) ${flat}">` +
    rect(-22, -22, s * 2 + 44, s * 2 + 44, 16, darken(WOOD, 0.3), ' transform="translate(0 18)"') +
    rect(-22, -22, s * 2 + 44, s * 2 + 44, 16, d.body(lighten(WOOD, 0.15)), ol(WOOD, 2.5)) +
    rect(-6, -6, s * 2 + 12, s * 2 + 12, 8, darken(WOOD, 0.2)) +
    path(outline(3), darken(WOOD, 0.45)) +
    piece(0) +
    piece(1) +
    piece(2) +
    path(outline(3), '#000000', ' opacity="0.22" transform="translate(18 30)"') +
    '</g>' +
    `<g transform="translate(200 250) ${lift} ${flat}">` +
    piece(3) +
    '</g>'
  );
}

function drawWaterGun(c: Ctx): string {
  const { d, color, accent } = c;
  const water = between(c, 0.35, 0.65);
  const tankTop = 112;
  const tankH = 60;
  const waterY = tankTop + tankH * (1 - water);
  const drops = [
    [14, 200, 5],
    [6, 222, 4],
    [22, 236, 3],
  ]
    .map(([x = 0, y = 0, r = 0]) =>
      path(
        `M${x} ${y - r * 2} Q${x + r} ${y} ${x} ${y + r} Q${x - r} ${y} ${x} ${y - r * 2} Z`,
        '#4fc3f7',
        ' opacity="0.8"',
      ),
    )
    .join('');
  const ridges = [78, 94, 110, 126, 142]
    .map((x) => path(`M${x} 240 L${x} 260`, 'none', ` stroke="${darken(accent, 0.35)}" stroke-width="3"`))
    .join('');
  return (
    floorShadow(c, 200, 160) +
    drops +
    path(
      'M246 232 L312 232 L336 326 Q338 346 318 346 L290 346 Q274 346 270 330 Z',
      d.body(color),
      ol(color),
    ) +
    path(
      'M292 262 L318 262 M296 282 L322 282 M300 302 L326 302',
      'none',
      ` stroke="${darken(color, 0.25)}" stroke-width="4" stroke-linecap="round"`,
    ) +
    path('M206 238 Q198 286 244 290 L252 278 Q222 276 224 238 Z', darken(color, 0.15), ol(color, 2.5)) +
    path('M238 236 Q228 262 246 272 L254 256 Q246 248 250 236 Z', d.body(accent), ol(accent, 2.5)) +
    rect(40, 190, 80, 36, 12, d.tube(darken(color, 0.1)), ol(color)) +
    rect(18, 196, 28, 24, 6, d.tube(accent), ol(accent)) +
    rect(96, 170, 250, 72, 26, d.tube(color), ol(color)) +
    rect(60, 236, 110, 28, 12, d.tube(accent), ol(accent)) +
    ridges +
    rect(140, tankTop, 160, tankH, 28, lighten(accent, 0.55), `${ol(accent)} opacity="0.85"`) +
    `<g clip-path="${d.clip(`M168 ${tankTop}H272A28 28 0 0 1 300 ${tankTop + 28}V${tankTop + tankH - 28}A28 28 0 0 1 272 ${tankTop + tankH}H168A28 28 0 0 1 140 ${tankTop + tankH - 28}V${tankTop + 28}A28 28 0 0 1 168 ${tankTop}Z`)}">` +
    rect(
      140,
      waterY,
      160,
      tankH,
      0,
      d.linear([
        [0, '#81d4fa'],
        [1, '#0288d1'],
      ]),
    ) +
    '</g>' +
    rect(140, tankTop, 160, tankH, 28, 'none', ol(accent)) +
    rect(200, tankTop - 16, 36, 20, 6, d.cyl(accent), ol(accent, 2.5)) +
    gloss(c, 200, tankTop + 14, 50, 6, 0, 0.9) +
    decal(c, 288, 206, 18) +
    gloss(c, 200, 184, 90, 6, 0, 0.7)
  );
}

function drawBall(c: Ctx): string {
  const { d, color, accent } = c;
  const cx = 200;
  const cy = 216;
  const r = 128;
  const tilt = between(c, 0.55, 0.75);
  const spin = between(c, 0, Math.PI / 3);
  const segs = 6;
  const palette = [color, '#ffffff', accent, '#ffffff', color, '#ffffff'].map((col, i) =>
    c.variant === 2 && i % 2 === 1 ? '#FDD835' : col,
  );
  // Project a point of the sphere (lat, lon) with the pole tipped towards the viewer.
  const proj = (lat: number, lon: number): string => {
    const x0 = Math.cos(lat) * Math.cos(lon);
    const z0 = Math.cos(lat) * Math.sin(lon);
    const y0 = Math.sin(lat);
    const y = y0 * Math.cos(tilt) - z0 * Math.sin(tilt);
    const z = y0 * Math.sin(tilt) + z0 * Math.cos(tilt);
    let px = x0;
    let py = y;
    if (z < 0) {
      const len = Math.hypot(px, py) || 1;
      px /= len;
      py /= len;
    }
    return `${n(cx + px * r)} ${n(cy - py * r)}`;
  };
  // Paint back to front: hidden lunes collapse onto the rim and get covered.
  const lunes = palette
    .map((col, i) => {
      const a0 = spin + (i / segs) * Math.PI * 2;
      const a1 = spin + ((i + 1) / segs) * Math.PI * 2;
      const pts: string[] = [];
      for (let k = 0; k <= 12; k++) pts.push(proj(-Math.PI / 2 + (k / 12) * Math.PI, a0));
      for (let k = 12; k >= 0; k--) pts.push(proj(-Math.PI / 2 + (k / 12) * Math.PI, a1));
      return { depth: Math.sin((a0 + a1) / 2), svg: path(`M${pts.join('L')}Z`, col) };
    })
    .sort((a, b) => a.depth - b.depth)
    .map((l) => l.svg)
    .join('');
  const poleY = cy - Math.cos(tilt) * r;
  return (
    floorShadow(c, 200, 120, 14, 346) +
    circle(cx, cy, r, '#ffffff') +
    `<g clip-path="${d.clip(`M${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}Z`)}">${lunes}</g>` +
    ellipse(cx, poleY, 22, 22 * Math.sin(tilt), '#ffffff', ol(accent, 2)) +
    circle(
      cx,
      cy,
      r,
      d.radial(
        [
          [0, '#ffffff', 0.55],
          [0.35, '#ffffff', 0],
          [0.75, '#000000', 0.05],
          [1, '#000000', 0.4],
        ],
        0.5,
        0.5,
        0.62,
        0.34,
        0.28,
      ),
    ) +
    circle(cx, cy, r, 'none', ol(color, 3)) +
    gloss(c, 150, 140, 38, 20, -35, 0.8)
  );
}

/** A regular pentagon's path, centred at (cx, cy), first corner at `turn` radians. */
function pentagon(cx: number, cy: number, r: number, turn: number): string {
  const pts = [0, 1, 2, 3, 4].map((k) => {
    const a = turn + (k / 5) * Math.PI * 2;
    return `${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`;
  });
  return `M${pts.join('L')}Z`;
}

/** A stitched football (soccer ball): white panels, pentagons in the product's colour. */
function drawFootball(c: Ctx): string {
  const { d, color } = c;
  const cx = 200;
  const cy = 216;
  const r = 128;
  const turn = -Math.PI / 2 + between(c, -0.25, 0.25);
  const inner = 38;
  const centre = pentagon(cx, cy, inner, turn);
  // The five pentagons around, foreshortened towards the rim, and the seams that join them.
  const around = [0, 1, 2, 3, 4]
    .map((k) => {
      const a = turn + Math.PI / 5 + (k / 5) * Math.PI * 2;
      const px = cx + Math.cos(a) * r * 0.86;
      const py = cy + Math.sin(a) * r * 0.86;
      return path(pentagon(px, py, inner * 0.92, a + Math.PI), color, ol(color, 2));
    })
    .join('');
  const seams = [0, 1, 2, 3, 4]
    .map((k) => {
      const a = turn + (k / 5) * Math.PI * 2;
      const x0 = cx + Math.cos(a) * inner;
      const y0 = cy + Math.sin(a) * inner;
      const x1 = cx + Math.cos(a) * r * 0.62;
      const y1 = cy + Math.sin(a) * r * 0.62;
      return `<path d="M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}" stroke="#9e9e9e" stroke-width="3" fill="none"/>`;
    })
    .join('');
  const disc = `M${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}Z`;
  return (
    floorShadow(c, 200, 120, 14, 346) +
    circle(cx, cy, r, '#ffffff') +
    `<g clip-path="${d.clip(disc)}">${seams}${around}</g>` +
    path(centre, color, ol(color, 2)) +
    circle(
      cx,
      cy,
      r,
      d.radial(
        [
          [0, '#ffffff', 0.5],
          [0.35, '#ffffff', 0],
          [0.75, '#000000', 0.06],
          [1, '#000000', 0.4],
        ],
        0.5,
        0.5,
        0.62,
        0.34,
      ),
    ) +
    circle(cx, cy, r, 'none', ol('#bdbdbd', 3)) +
    gloss(c, 150, 140, 34, 18, -35, 0.7)
  );
}

/** A hand-controlled flying ball: a round cage with a propeller inside and a ring of LEDs, hovering. */
function drawFlyingBall(c: Ctx): string {
  const { d, color, accent } = c;
  const cx = 200;
  const cy = 190;
  const r = 112;
  const meridians = [-0.75, -0.4, 0, 0.4, 0.75]
    .map(
      (k) =>
        `<ellipse cx="${cx}" cy="${cy}" rx="${n(Math.abs(k) * r || 2)}" ry="${r}" fill="none" stroke="${darken(color, 0.2)}" stroke-width="5"/>`,
    )
    .join('');
  const leds = Array.from({ length: 9 }, (_, k) => {
    const a = Math.PI * (0.08 + (k / 8) * 0.84);
    const x = cx - Math.cos(a) * r * 0.98;
    const y = cy + 8 + Math.sin(a) * 22;
    return circle(x, y, 7, k % 2 ? '#FFEB3B' : '#80DEEA', ol('#455a64', 1.5));
  }).join('');
  return (
    // Hovering: a smaller, fainter shadow well below the ball.
    floorShadow(c, 200, 70, 9, 346) +
    circle(
      cx,
      cy,
      r,
      d.radial([
        [0, lighten(accent, 0.85)],
        [1, lighten(accent, 0.45)],
      ]),
      ' opacity="0.55"',
    ) +
    // The propeller inside, seen through the cage.
    ellipse(cx, cy - 6, r * 0.78, 14, lighten(accent, 0.1), ol(accent, 2)) +
    circle(cx, cy - 6, 16, darken(accent, 0.2)) +
    meridians +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.22}" fill="none" stroke="${darken(color, 0.2)}" stroke-width="5"/>` +
    // The body band with its LEDs, around the middle.
    path(
      `M${cx - r} ${cy - 6}Q${cx} ${cy + 22} ${cx + r} ${cy - 6}L${cx + r} ${cy + 16}Q${cx} ${cy + 46} ${cx - r} ${cy + 16}Z`,
      d.body(color),
      ol(color, 2.5),
    ) +
    leds +
    circle(cx, cy, r, 'none', ol(color, 4)) +
    gloss(c, 150, 120, 30, 16, -35, 0.7)
  );
}

function drawBubble(c: Ctx): string {
  const { d, color, accent } = c;
  const bubbleFill = d.radial([
    [0, '#ffffff', 0.05],
    [0.7, '#b3e5fc', 0.18],
    [0.88, '#e1bee7', 0.5],
    [1, '#4dd0e1', 0.85],
  ]);
  const spots: readonly (readonly [number, number, number])[] = [
    [330, 74, 40],
    [306, 206, 24],
    [356, 150, 18],
    [110, 100, 30],
    [168, 52, 16],
    [360, 262, 14],
    [62, 170, 12],
  ];
  const bubbles = spots
    .map(([x, y, r]) => {
      const bx = x + between(c, -8, 8);
      const by = y + between(c, -8, 8);
      return (
        circle(bx, by, r, bubbleFill, ' stroke="#5c9fc0" stroke-opacity="0.6" stroke-width="1.5"') +
        gloss(c, bx - r * 0.38, by - r * 0.4, r * 0.32, r * 0.18, -40, 0.95)
      );
    })
    .join('');
  return (
    floorShadow(c, 180, 120, 12) +
    // bottle of bubble solution
    rect(64, 216, 96, 130, 22, d.cyl(color), ol(color)) +
    rect(64, 216, 96, 130, 22, '#ffffff', ' opacity="0.12"') +
    rect(70, 262, 84, 50, 8, '#ffffff', ol(color, 2)) +
    circle(100, 286, 12, bubbleFill, ' stroke="#5c9fc0" stroke-width="2"') +
    circle(124, 280, 8, bubbleFill, ' stroke="#5c9fc0" stroke-width="2"') +
    rect(78, 190, 68, 32, 8, d.cyl(accent), ol(accent)) +
    // the wand leaning against it
    limb('M186 344 L250 156', accent, 11) +
    ellipse(
      262,
      116,
      36,
      42,
      d.radial([
        [0, '#e1f5fe', 0.25],
        [0.8, '#f3e5f5', 0.4],
        [1, '#4dd0e1', 0.7],
      ]),
      ` stroke="${darken(accent, 0.45)}" stroke-width="15" transform="rotate(18 262 116)"`,
    ) +
    ellipse(
      262,
      116,
      36,
      42,
      'none',
      ` stroke="${accent}" stroke-width="10" transform="rotate(18 262 116)"`,
    ) +
    bubbles +
    gloss(c, 88, 240, 8, 36, 0, 0.55)
  );
}

function drawGuitar(c: Ctx): string {
  const { d, color, accent } = c;
  const bodyPath =
    'M200 126 C238 126 262 152 262 188 C262 212 250 222 262 240 C284 258 284 290 278 306 C264 344 234 360 200 360 ' +
    'C166 360 136 344 122 306 C116 290 116 258 138 240 C150 222 138 212 138 188 C138 152 162 126 200 126 Z';
  const frets = Array.from({ length: 9 }, (_, i) =>
    path(`M190 ${48 + i * 16} L210 ${48 + i * 16}`, 'none', ' stroke="#d7ccc8" stroke-width="2"'),
  ).join('');
  const strings = Array.from({ length: 6 }, (_, i) =>
    path(
      `M${n(194 + i * 2.4)} 36 L${n(189 + i * 4.4)} 300`,
      'none',
      ' stroke="#eceff1" stroke-width="1.2" opacity="0.9"',
    ),
  ).join('');
  const pegs = [46, 60, 74]
    .map(
      (y) =>
        circle(178, y - 30, 6, d.ball(METAL), ol(METAL, 1.5)) +
        circle(222, y - 30, 6, d.ball(METAL), ol(METAL, 1.5)),
    )
    .join('');
  const tilt = between(c, -10, -5);
  return (
    floorShadow(c, 205, 95, 10) +
    `<g transform="rotate(${n(tilt)} 200 340) translate(0 -12)">` +
    path(
      bodyPath,
      d.radial([
        [0, lighten(color, 0.45)],
        [0.55, color],
        [1, darken(color, 0.5)],
      ]),
      ol(color, 3.5),
    ) +
    path(
      bodyPath,
      'none',
      ' stroke="#ffffff" stroke-width="3" opacity="0.55" transform="translate(200 243) scale(0.95) translate(-200 -243)"',
    ) +
    path('M226 232 Q252 236 248 266 Q236 282 222 262 Z', darken(accent, 0.1), ' opacity="0.9"') +
    circle(200, 226, 30, 'none', ` stroke="${accent}" stroke-width="7"`) +
    circle(200, 226, 24, '#1b1b1b') +
    rect(174, 292, 52, 12, 4, d.body('#4e342e')) +
    rect(188, 30, 24, 172, 4, d.cyl('#6d4c41'), ol('#6d4c41', 2)) +
    frets +
    path('M182 8 L218 8 L214 36 L186 36 Z', d.body('#4e342e'), ol('#4e342e', 2)) +
    pegs +
    rect(186, 34, 28, 4, 1, '#fafafa') +
    strings +
    gloss(c, 166, 280, 18, 40, 20, 0.45) +
    gloss(c, 176, 160, 12, 22, 20, 0.45) +
    '</g>'
  );
}

function drawXylophone(c: Ctx): string {
  const { d, color, accent } = c;
  const count = 8;
  const bars: string[] = [];
  const nails: string[] = [];
  const start = c.variant;
  for (let i = 0; i < count; i++) {
    const x = 52 + i * 38; // bar centre is x + 16
    const half = 84 - i * 6.5;
    const col = RAINBOW[(i + start) % RAINBOW.length] ?? '#E53935';
    bars.push(
      rect(x, 222 - half + 8, 32, half * 2, 6, darken(col, 0.35)) +
        rect(x, 222 - half, 32, half * 2, 6, d.body(col), ol(col, 2)),
    );
    nails.push(
      circle(x + 16, 222 - half + 16, 3.5, d.ball(METAL)),
      circle(x + 16, 222 + half - 16, 3.5, d.ball(METAL)),
    );
  }
  // Trapezoid frame under the bars (the bars shorten from left to right).
  const railTop = (x: number): number => 222 - (84 - ((x - 68) / 38) * 6.5) + 16;
  const railBot = (x: number): number => 444 - railTop(x);
  const x0 = 36;
  const x1 = 364;
  const rw = 18;
  const outer = `M${x0} ${n(railTop(x0) - rw / 2)} L${x1} ${n(railTop(x1) - rw / 2)} L${x1} ${n(railBot(x1) + rw / 2)} L${x0} ${n(railBot(x0) + rw / 2)} Z`;
  const inner = `M${x0 + rw} ${n(railTop(x0 + rw) + rw / 2)} L${x1 - rw} ${n(railTop(x1 - rw) + rw / 2)} L${x1 - rw} ${n(railBot(x1 - rw) - rw / 2)} L${x0 + rw} ${n(railBot(x0 + rw) - rw / 2)} Z`;
  return (
    floorShadow(c, 200, 190, 18, 334) +
    path(outer + inner, darken(color, 0.35), ' fill-rule="evenodd" transform="translate(0 12)"') +
    path(outer + inner, d.body(color), `${ol(color)} fill-rule="evenodd"`) +
    path(
      `M${x0 + 8} ${n(railTop(x0) - rw / 2 + 5)} L${x1 - 8} ${n(railTop(x1) - rw / 2 + 5)}`,
      'none',
      ' stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.5"',
    ) +
    bars.join('') +
    nails.join('') +
    limb('M112 346 L236 300', WOOD, 7) +
    circle(242, 298, 15, d.ball(accent), ol(accent, 2)) +
    limb('M300 346 L176 304', WOOD, 7) +
    circle(170, 302, 15, d.ball(accent), ol(accent, 2))
  );
}

function drawMicroscope(c: Ctx): string {
  const { d, color, accent } = c;
  const tubeAngle = between(c, -26, -20);
  return (
    floorShadow(c, 205, 130) +
    path(
      'M96 346 L304 346 Q316 346 310 332 L292 306 L112 306 L94 332 Q88 346 96 346 Z',
      d.body(color),
      ol(color),
    ) +
    rect(158, 246, 34, 62, 6, d.cyl(METAL), ol(METAL, 2)) +
    ellipse(175, 246, 17, 6, '#fff59d', ol('#fbc02d', 2)) +
    path('M232 312 L288 312 L292 232 Q294 140 240 94 L212 120 Q254 160 248 232 Z', d.body(color), ol(color)) +
    rect(104, 222, 170, 16, 4, d.body('#37474f'), ol('#37474f', 2)) +
    rect(136, 214, 76, 8, 2, GLASS, ` opacity="0.8"${ol(GLASS, 1.5)}`) +
    rect(120, 216, 30, 5, 2, METAL) +
    rect(196, 216, 30, 5, 2, METAL) +
    circle(274, 206, 24, d.ball(accent), ol(accent)) +
    circle(274, 206, 10, darken(accent, 0.2)) +
    circle(280, 262, 13, d.ball(accent), ol(accent, 2)) +
    `<g transform="translate(186 168) rotate(${n(tubeAngle)})">` +
    rect(-19, -128, 38, 130, 8, d.cyl('#eceff1'), ol('#90a4ae', 2.5)) +
    rect(-23, -110, 46, 12, 4, d.cyl(accent), ol(accent, 2)) +
    rect(-13, -160, 26, 36, 4, d.cyl('#37474f'), ol('#37474f', 2)) +
    ellipse(0, -160, 13, 4, '#111111') +
    '</g>' +
    ellipse(186, 176, 34, 12, d.body('#546e7a'), ol('#546e7a', 2)) +
    rect(170, 178, 14, 30, 3, d.cyl(METAL), ol(METAL, 1.5)) +
    rect(190, 178, 12, 22, 3, d.cyl(accent), ol(accent, 1.5)) +
    decal(c, 200, 326, 12) +
    gloss(c, 266, 150, 8, 40, 35, 0.6)
  );
}

function drawKitchen(c: Ctx): string {
  const { d, color, accent } = c;
  const tiles: string[] = [];
  for (let y = 44; y < 134; y += 22) tiles.push(`M74 ${y} L326 ${y}`);
  for (let x = 102; x < 326; x += 28) tiles.push(`M${x} 40 L${x} 132`);
  const knobs = [100, 130, 160, 190].map((x) => circle(x, 174, 8, d.ball(accent), ol(accent, 1.5))).join('');
  const potColor = c.variant === 1 ? METAL : accent;
  return (
    floorShadow(c, 200, 170) +
    rect(70, 36, 260, 100, 8, lighten(color, 0.75), ol(color, 2.5)) +
    path(tiles.join(''), 'none', ` stroke="${lighten(color, 0.45)}" stroke-width="2"`) +
    rect(60, 156, 280, 184, 10, d.body(color), ol(color)) +
    rect(60, 330, 280, 16, 4, '#37474f') +
    path(
      'M52 160 L348 160 L330 128 L70 128 Z',
      d.linear([
        [0, '#eceff1'],
        [1, '#b0bec5'],
      ]),
      ol('#b0bec5', 2.5),
    ) +
    rect(50, 158, 300, 10, 4, d.body('#cfd8dc'), ol('#90a4ae', 2)) +
    ellipse(132, 144, 36, 9, '#263238') +
    ellipse(132, 144, 24, 6, 'none', ' stroke="#ef5350" stroke-width="3"') +
    ellipse(262, 144, 36, 9, '#263238') +
    ellipse(262, 144, 24, 6, 'none', ' stroke="#ef5350" stroke-width="3"') +
    // pot with lid
    rect(96, 92, 72, 52, 8, d.cyl(potColor), ol(potColor)) +
    rect(84, 100, 16, 8, 4, darken(potColor, 0.3)) +
    rect(164, 100, 16, 8, 4, darken(potColor, 0.3)) +
    ellipse(132, 92, 38, 9, d.body(lighten(potColor, 0.2)), ol(potColor, 2)) +
    circle(132, 80, 7, d.ball('#37474f')) +
    // frying pan
    ellipse(262, 136, 44, 11, d.body('#37474f'), ol('#263238', 2)) +
    ellipse(262, 134, 36, 7, '#455a64') +
    limb('M304 134 L356 124', '#37474f', 8) +
    // oven and cupboard
    knobs +
    rect(82, 190, 146, 130, 10, d.body(darken(color, 0.1)), ol(color)) +
    rect(96, 196, 118, 8, 4, d.tube(METAL), ol(METAL, 1.5)) +
    rect(
      100,
      214,
      110,
      90,
      8,
      d.linear([
        [0, '#455a64'],
        [1, '#102027'],
      ]),
      ol('#263238', 2),
    ) +
    path('M118 220 L138 220 L110 298 L104 298 Z', '#ffffff', ' opacity="0.18"') +
    rect(246, 190, 78, 130, 8, d.body(color), ol(color)) +
    circle(258, 256, 7, d.ball(accent), ol(accent, 1.5)) +
    decal(c, 286, 224, 14) +
    gloss(c, 200, 170, 120, 4, 0, 0.5)
  );
}

function drawDoctorKit(c: Ctx): string {
  const { d, color, accent } = c;
  const crossColor = luminance(accent) > 0.8 ? '#E53935' : accent;
  return (
    floorShadow(c, 200, 165) +
    limb('M160 176 L160 140 Q160 124 176 124 L224 124 Q240 124 240 140 L240 176', darken(color, 0.3), 16) +
    rect(68, 168, 264, 170, 24, d.body(color), ol(color)) +
    path('M70 204 L330 204', 'none', ` stroke="${darken(color, 0.35)}" stroke-width="3"`) +
    rect(100, 192, 26, 22, 4, d.body(METAL), ol(METAL, 2)) +
    rect(274, 192, 26, 22, 4, d.body(METAL), ol(METAL, 2)) +
    circle(200, 268, 50, d.ball('#ffffff'), ol('#bdbdbd', 2.5)) +
    path(
      'M186 234 H214 V254 H234 V282 H214 V302 H186 V282 H166 V254 H186 Z',
      d.body(crossColor),
      ol(crossColor, 2),
    ) +
    // stethoscope draped over the right side
    limb('M314 176 L304 128 M334 176 L346 130', METAL, 5) +
    circle(304, 124, 6, d.ball('#37474f')) +
    circle(346, 126, 6, d.ball('#37474f')) +
    limb(
      'M314 176 Q324 196 334 176 M324 190 C330 260 372 260 360 320 C352 346 300 348 286 332',
      '#37474f',
      8,
    ) +
    ellipse(282, 336, 22, 10, d.body(METAL), ol(METAL, 2)) +
    ellipse(282, 332, 16, 6, d.ball('#eceff1')) +
    // thermometer in front
    limb('M70 342 L150 330', '#ffffff', 9) +
    circle(68, 342, 6, '#e53935') +
    decal(c, 112, 280, 16) +
    gloss(c, 190, 180, 100, 6, 0, 0.7)
  );
}

function drawRobot(c: Ctx): string {
  const { d, color, accent } = c;
  const eyeGlow = d.radial([
    [0, '#ffffff'],
    [0.4, lighten(accent, 0.4)],
    [1, accent],
  ]);
  const headW = between(c, 124, 140);
  const hx = 200 - headW / 2;
  const lights = ['#ef5350', '#fdd835', '#66bb6a']
    .map((col, i) => circle(168 + i * 20, 204, 7, d.ball(col)))
    .join('');
  const grill = [178, 188, 198, 208, 218].map((x) => rect(x, 120, 6, 10, 2, lighten(accent, 0.2))).join('');
  return (
    floorShadow(c, 200, 130) +
    path('M200 64 L200 30', 'none', ` stroke="${METAL}" stroke-width="6" stroke-linecap="round"`) +
    circle(200, 24, 11, d.ball(accent), ol(accent, 2)) +
    rect(174, 146, 52, 26, 4, d.cyl(METAL), ol(METAL, 2)) +
    limb('M112 190 L96 262', darken(color, 0.12), 20) +
    limb('M288 190 L304 262', darken(color, 0.12), 20) +
    path(
      'M80 262 A16 16 0 1 0 112 264',
      'none',
      ` stroke="${accent}" stroke-width="9" stroke-linecap="round"`,
    ) +
    path(
      'M288 264 A16 16 0 1 0 320 262',
      'none',
      ` stroke="${accent}" stroke-width="9" stroke-linecap="round"`,
    ) +
    rect(150, 284, 36, 44, 6, d.cyl(METAL), ol(METAL, 2)) +
    rect(214, 284, 36, 44, 6, d.cyl(METAL), ol(METAL, 2)) +
    rect(138, 322, 56, 24, 8, d.body(accent), ol(accent)) +
    rect(206, 322, 56, 24, 8, d.body(accent), ol(accent)) +
    rect(120, 166, 160, 124, 18, d.body(color), ol(color)) +
    circle(112, 188, 16, d.ball(METAL), ol(METAL, 2)) +
    circle(288, 188, 16, d.ball(METAL), ol(METAL, 2)) +
    rect(148, 184, 104, 84, 10, d.body(lighten(color, 0.55)), ol(color, 2)) +
    lights +
    circle(232, 204, 10, d.ball('#eceff1'), ol('#90a4ae', 2)) +
    path('M232 204 L238 198', 'none', ` stroke="${INK}" stroke-width="2"`) +
    glyphs(String(c.num).padStart(2, '0'), 200, 246, 22, darken(color, 0.4)) +
    rect(hx - 14, 92, 16, 30, 5, d.body(accent), ol(accent, 2)) +
    rect(200 + headW / 2 - 2, 92, 16, 30, 5, d.body(accent), ol(accent, 2)) +
    rect(hx, 60, headW, 92, 16, d.body(color), ol(color)) +
    rect(hx + 14, 74, headW - 28, 64, 10, '#263238', ol('#263238', 2)) +
    circle(176, 100, 13, eyeGlow) +
    circle(224, 100, 13, eyeGlow) +
    grill +
    gloss(c, 178, 68, 36, 5, 0, 0.8) +
    gloss(c, 180, 176, 44, 5, 0, 0.6)
  );
}

function drawDinosaur(c: Ctx): string {
  const { d, color, accent } = c;
  const belly = lighten(color, 0.45);
  const spots = Array.from({ length: 6 }, (_, i) => {
    const x = 160 + i * 24 + between(c, -6, 6);
    const y = 216 + between(c, -10, 16);
    return ellipse(x, y, between(c, 7, 12), between(c, 5, 8), accent, ' opacity="0.85"');
  }).join('');
  const plates = Array.from({ length: 8 }, (_, i) => {
    const t = i / 7;
    const x = 130 + t * 200;
    const y = 188 - Math.sin(t * Math.PI) * 16 + t * 20;
    return path(
      `M${n(x - 10)} ${n(y + 6)} Q${n(x)} ${n(y - 18)} ${n(x + 10)} ${n(y + 6)} Z`,
      d.body(accent),
      ol(accent, 2),
    );
  }).join('');
  const neckTop = between(c, 84, 96);
  return (
    floorShadow(c, 220, 160) +
    rect(170, 270, 36, 70, 14, darken(color, 0.25), ol(color)) +
    rect(282, 268, 34, 70, 14, darken(color, 0.25), ol(color)) +
    plates +
    path('M290 214 Q360 226 394 306 Q350 276 290 280 Z', d.body(color), ol(color)) +
    path(
      `M132 236 C92 206 76 152 84 ${n(neckTop + 4)} L126 ${n(neckTop + 4)} C122 150 140 186 192 204 Z`,
      d.body(color),
      ol(color),
    ) +
    ellipse(222, 246, 108, 64, d.body(color), ol(color)) +
    ellipse(222, 276, 82, 26, belly, ' opacity="0.9"') +
    spots +
    rect(128, 274, 40, 72, 16, d.body(color), ol(color)) +
    rect(244, 274, 40, 72, 16, d.body(color), ol(color)) +
    path(
      'M134 344 a6 6 0 0 1 12 0 M150 344 a6 6 0 0 1 12 0 M250 344 a6 6 0 0 1 12 0 M266 344 a6 6 0 0 1 12 0',
      '#fff8e1',
      ol('#bcaaa4', 1.5),
    ) +
    ellipse(
      100,
      neckTop - 6,
      42,
      26,
      d.body(color),
      `${ol(color)} transform="rotate(-8 100 ${n(neckTop - 6)})"`,
    ) +
    circle(104, neckTop - 14, 8, '#ffffff', ol(color, 1.5)) +
    circle(102, neckTop - 14, 4.5, INK) +
    circle(72, neckTop - 12, 2.5, darken(color, 0.5)) +
    path(
      `M66 ${n(neckTop + 2)} Q86 ${n(neckTop + 12)} 112 ${n(neckTop + 4)}`,
      'none',
      ` stroke="${darken(color, 0.55)}" stroke-width="3" stroke-linecap="round"`,
    ) +
    gloss(c, 210, 200, 60, 10, -4, 0.6) +
    gloss(c, 92, neckTop - 22, 18, 5, -8, 0.7)
  );
}

function drawActionFigure(c: Ctx): string {
  const { d, color, accent } = c;
  const skin = pick(SKIN_TONES, c.num + 1);
  const emblem =
    c.variant === 1
      ? path('M186 174 L214 174 L206 192 L216 192 L192 222 L198 200 L186 200 Z', '#FDD835', ol('#FDD835', 2))
      : path(star(200, 194, 20), accent, ol(accent, 2));
  return (
    ellipse(200, 338, 80, 16, d.body('#37474f')) +
    ellipse(200, 332, 76, 13, d.body('#607d8b'), ol('#37474f', 2)) +
    path('M156 150 L244 150 L282 322 Q200 336 118 322 Z', d.body(darken(accent, 0.15)), ol(accent)) +
    limb('M186 246 L178 326', color, 26) +
    limb('M214 246 L222 326', color, 26) +
    limb('M180 296 L178 326', accent, 28) +
    limb('M220 296 L222 326', accent, 28) +
    limb('M150 162 L120 206 L160 236', color, 24) +
    limb('M250 162 L280 206 L240 236', color, 24) +
    path('M148 150 Q200 136 252 150 L240 248 L160 248 Z', d.body(color), ol(color)) +
    path(
      'M176 214 Q200 222 224 214',
      'none',
      ` stroke="${darken(color, 0.3)}" stroke-width="2" opacity="0.7"`,
    ) +
    circle(200, 192, 27, lighten(color, 0.7), ol(color, 2.5)) +
    emblem +
    rect(160, 238, 80, 16, 4, d.body('#FDD835'), ol('#F9A825', 2)) +
    rect(190, 236, 20, 20, 4, d.body(accent), ol(accent, 2)) +
    circle(160, 236, 13, d.ball(accent), ol(accent, 2)) +
    circle(240, 236, 13, d.ball(accent), ol(accent, 2)) +
    rect(190, 128, 20, 24, 6, skin) +
    circle(200, 106, 34, d.ball(skin), ol(skin, 2.5)) +
    path(
      'M166 100 Q168 66 200 64 Q234 66 234 100 Q220 84 200 86 Q180 84 166 100 Z',
      d.body('#3e2723'),
      ol('#3e2723', 2),
    ) +
    path('M166 98 L234 98 L232 116 Q200 124 168 116 Z', d.body(accent), ol(accent, 2)) +
    ellipse(186, 107, 7, 5, '#ffffff') +
    ellipse(214, 107, 7, 5, '#ffffff') +
    path(
      'M190 126 Q200 132 210 126',
      'none',
      ` stroke="${darken(skin, 0.5)}" stroke-width="2.5" stroke-linecap="round"`,
    ) +
    gloss(c, 180, 160, 30, 6, -5, 0.6)
  );
}

function drawBoat(c: Ctx): string {
  const { d, color, accent } = c;
  const sailTop = between(c, 40, 56);
  const portholes = [110, 150, 190, 230, 270].map((x) => circle(x, 276, 8, d.glass(), ol(METAL, 3))).join('');
  const sailStripes =
    c.variant === 2
      ? path(`M208 ${n(sailTop + 60)} L262 186 L208 186 Z`, accent, ' opacity="0.85"')
      : path('M208 196 L306 196 L316 212 L208 212 Z', accent, ' opacity="0.9"');
  return (
    floorShadow(c, 200, 160) +
    rect(96, 334, 208, 12, 4, d.body(WOOD), ol(WOOD, 2)) +
    path(
      'M124 336 L136 300 L160 300 L168 336 Z M232 336 L240 300 L264 300 L276 336 Z',
      d.body(WOOD),
      ol(WOOD, 2),
    ) +
    rect(196, sailTop - 10, 8, 260 - sailTop, 3, d.cyl(WOOD), ol(WOOD, 1.5)) +
    path(`M204 ${n(sailTop - 10)} L242 ${n(sailTop - 2)} L204 ${n(sailTop + 6)} Z`, accent, ol(accent, 1.5)) +
    path(
      `M208 ${n(sailTop)} Q270 140 322 230 L208 230 Z`,
      d.linear(
        [
          [0, '#ffffff'],
          [1, '#cfd8dc'],
        ],
        1,
        1,
      ),
      ol('#90a4ae', 2.5),
    ) +
    sailStripes +
    glyphs(String(c.num), 246, 162, 24, darken(accent, 0.1)) +
    path(
      `M192 ${n(sailTop + 14)} Q150 150 88 230 L192 230 Z`,
      d.linear(
        [
          [0, lighten(accent, 0.75)],
          [1, lighten(accent, 0.45)],
        ],
        0,
        1,
      ),
      ol(accent, 2.5),
    ) +
    path('M40 244 L362 244 Q350 300 300 316 L112 316 Q60 302 40 244 Z', d.body(color), ol(color)) +
    path('M46 262 L356 262 L352 272 L50 272 Z', accent) +
    rect(36, 236, 330, 12, 5, d.body('#fafafa'), ol('#b0bec5', 2)) +
    portholes +
    gloss(c, 200, 252, 140, 4, 0, 0.6)
  );
}

function drawRocket(c: Ctx): string {
  const { d, color, accent } = c;
  const bodyPath = 'M156 300 L156 150 Q156 72 200 28 Q244 72 244 150 L244 300 Z';
  const bands = c.variant === 2 ? [226, 250] : [238];
  return (
    floorShadow(c, 200, 110) +
    path('M160 226 L104 304 L104 346 L160 318 Z', d.body(accent), ol(accent)) +
    path('M240 226 L296 304 L296 346 L240 318 Z', d.body(accent), ol(accent)) +
    path('M172 300 L228 300 L236 330 L164 330 Z', d.cyl('#546e7a'), ol('#37474f', 2)) +
    path(bodyPath, d.cyl(color), ol(color)) +
    `<g clip-path="${d.clip(bodyPath)}">` +
    rect(150, 20, 100, 86, 0, d.cyl(accent)) +
    bands.map((y) => rect(150, y, 100, 12, 0, d.cyl(accent))).join('') +
    '</g>' +
    path(bodyPath, 'none', ol(color)) +
    path('M156 106 L244 106', 'none', ol(accent, 3)) +
    circle(200, 160, 28, d.cyl(METAL), ol(METAL, 2.5)) +
    circle(200, 160, 20, d.glass()) +
    path(
      'M186 152 Q190 144 200 142',
      'none',
      ' stroke="#ffffff" stroke-width="4" stroke-linecap="round" opacity="0.8"',
    ) +
    glyphs(String(c.num), 200, 212, 22, inkOn(color)) +
    path('M192 262 L208 262 L210 346 L190 346 Z', d.cyl(accent), ol(accent)) +
    gloss(c, 178, 150, 8, 60, 0, 0.55)
  );
}

interface KindSpec {
  readonly draw: (c: Ctx) => string;
  /** Point of interest (local coordinates) for the close-up view. */
  readonly focus: readonly [number, number];
}

const KINDS: Readonly<Record<PictureKind, KindSpec>> = {
  car: { draw: drawCar, focus: [230, 240] },
  truck: { draw: drawTruck, focus: [280, 220] },
  train: { draw: drawTrain, focus: [150, 230] },
  plane: { draw: drawPlane, focus: [250, 220] },
  helicopter: { draw: drawHelicopter, focus: [150, 200] },
  drone: { draw: drawDrone, focus: [200, 220] },
  kite: { draw: drawKite, focus: [200, 160] },
  doll: { draw: drawDoll, focus: [200, 140] },
  teddy: { draw: drawTeddy, focus: [200, 150] },
  blocks: { draw: drawBlocks, focus: [200, 200] },
  puzzle: { draw: drawPuzzle, focus: [200, 230] },
  water_gun: { draw: drawWaterGun, focus: [220, 180] },
  ball: { draw: drawBall, focus: [190, 190] },
  football: { draw: drawFootball, focus: [200, 216] },
  flying_ball: { draw: drawFlyingBall, focus: [200, 190] },
  bubble: { draw: drawBubble, focus: [250, 140] },
  guitar: { draw: drawGuitar, focus: [200, 230] },
  xylophone: { draw: drawXylophone, focus: [190, 230] },
  microscope: { draw: drawMicroscope, focus: [200, 180] },
  kitchen: { draw: drawKitchen, focus: [180, 180] },
  doctor_kit: { draw: drawDoctorKit, focus: [220, 250] },
  robot: { draw: drawRobot, focus: [200, 130] },
  dinosaur: { draw: drawDinosaur, focus: [150, 170] },
  action_figure: { draw: drawActionFigure, focus: [200, 170] },
  boat: { draw: drawBoat, focus: [200, 220] },
  rocket: { draw: drawRocket, focus: [200, 170] },
};

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

function backdrop(d: Defs, tint: string): string {
  return (
    `<rect width="800" height="800" fill="${d.radial(
      [
        [0, lighten(tint, 0.82)],
        [0.7, lighten(tint, 0.55)],
        [1, mix(tint, '#9e9e9e', 0.35)],
      ],
      0.5,
      0.42,
      0.75,
    )}"/>` +
    // a faint floor sweep so the object sits on something
    `<rect y="560" width="800" height="240" fill="${d.linear([
      [0, '#ffffff', 0],
      [1, darken(tint, 0.25), 0.28],
    ])}"/>`
  );
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly depth: number;
}

const BOX: Box = { x: 196, y: 70, w: 400, h: 440, depth: 60 };
const BOX_WINDOW = { x: BOX.x + 34, y: BOX.y + 100, w: BOX.w - 68, h: 224 } as const;

/** The retail box (drawn behind the toy in view 1); `inside` is shown through the window. */
function retailBox(c: Ctx, code: string, inside: string): string {
  const { d, color, accent } = c;
  const { x, y, w, h, depth } = BOX;
  const win = BOX_WINDOW;
  const face = darken(color, 0.12);
  const bandInk = strongAccent(c);
  const stripes = [0, 1, 2]
    .map((i) => {
      const y0 = y + h - 96 + i * 24;
      return path(
        `M${x} ${y0} L${x + w} ${y0 - 70} L${x + w} ${y0 - 56} L${x} ${y0 + 14} Z`,
        i === 1 ? '#ffffff' : accent,
        ` opacity="${i === 1 ? 0.7 : 0.9}"`,
      );
    })
    .join('');
  const winPath = `M${win.x + 20} ${win.y}H${win.x + win.w - 20}A20 20 0 0 1 ${win.x + win.w} ${win.y + 20}V${win.y + win.h - 20}A20 20 0 0 1 ${win.x + win.w - 20} ${win.y + win.h}H${win.x + 20}A20 20 0 0 1 ${win.x} ${win.y + win.h - 20}V${win.y + 20}A20 20 0 0 1 ${win.x + 20} ${win.y}Z`;
  return (
    ellipse(x + w / 2 + 30, y + h + 4, w / 2 + 70, 24, d.shadow()) +
    path(
      `M${x + w} ${y} L${x + w + depth} ${y - depth * 0.55} L${x + w + depth} ${y + h - depth * 0.55} L${x + w} ${y + h} Z`,
      d.linear(
        [
          [0, darken(color, 0.45)],
          [1, darken(color, 0.3)],
        ],
        1,
        0,
      ),
      ol(color, 2),
    ) +
    path(
      `M${x} ${y} L${x + depth} ${y - depth * 0.55} L${x + w + depth} ${y - depth * 0.55} L${x + w} ${y} Z`,
      lighten(color, 0.25),
      ol(color, 2),
    ) +
    rect(x, y, w, h, 4, d.body(face), ol(color, 2.5)) +
    `<g clip-path="${d.clip(`M${x} ${y}H${x + w}V${y + h}H${x}Z`)}">${stripes}</g>` +
    // header band: logo star, fake brand lines, model code
    rect(x + 22, y + 20, w - 44, 62, 14, d.body(accent), ol(accent, 2)) +
    path(star(x + 58, y + 51, 19), '#ffffff', ol(bandInk, 1.5)) +
    rect(x + 88, y + 38, 96, 10, 5, '#ffffff', ' opacity="0.85"') +
    rect(x + 88, y + 56, 64, 8, 4, '#ffffff', ' opacity="0.6"') +
    rect(x + w - 190, y + 32, 156, 38, 10, '#ffffff', ol(bandInk, 1.5)) +
    glyphs(code, x + w - 112, y + 51, 17, INK) +
    // window with the boxed toy behind plastic
    path(
      winPath,
      d.linear([
        [0, '#ffffff'],
        [1, lighten(color, 0.65)],
      ]),
    ) +
    `<g clip-path="${d.clip(winPath)}">${inside}</g>` +
    path(
      `M${win.x + 40} ${win.y} L${win.x + 110} ${win.y} L${win.x + 50} ${win.y + win.h} L${win.x + 6} ${win.y + win.h} Z`,
      '#ffffff',
      ' opacity="0.35"',
    ) +
    path(winPath, 'none', ` stroke="${darken(color, 0.4)}" stroke-width="4"`) +
    path(winPath, 'none', ' stroke="#ffffff" stroke-width="3" opacity="0.6" transform="translate(-2 -2)"')
  );
}

function modelCode(seed: number): string {
  return `No. ${1000 + (seed32(seed) % 9000)}`;
}

function backdropTint(color: string, accent: string, rnd: () => number, view: 0 | 1 | 2): string {
  const cool = ['#e3f2fd', '#e8eaf6', '#eceff1', '#f3e5f5', '#e0f2f1', '#fff8e1', '#fbe9e7'] as const;
  const base = pick(cool, rnd() * cool.length);
  if (view === 2) return mix(base, accent, 0.35);
  return mix(base, color, 0.08 + rnd() * 0.06);
}

export function toySvg(o: ToyPictureOptions): string {
  const size = Math.max(1, Math.round(o.size ?? DEFAULT_SIZE));
  const spec = KINDS[o.kind];
  const s = seed32(o.seed);
  const rnd = seededRandom(s ^ hashString(o.kind));
  const d = new Defs();
  const color = toHex(parseHex(o.color));
  const accent = toHex(parseHex(o.accent));
  const tint = backdropTint(color, accent, rnd, o.view);
  const c: Ctx = { d, color, accent, rnd, num: 1 + (s % 99), variant: Math.floor(s / 99) % 3 };

  // Draw the toy once; views place it with <use> so its details never depend on the view.
  d.raw(`<g id="toy">${spec.draw(c)}</g>`);
  const toy = (transform: string): string => `<use href="#toy" transform="${transform}"/>`;
  let scene: string;
  if (o.view === 0) {
    scene = backdrop(d, tint) + toy('translate(80 100) scale(1.6)');
  } else if (o.view === 1) {
    const win = BOX_WINDOW;
    const k = 0.58;
    const boxed = toy(
      `translate(${n(win.x + win.w / 2 - 200 * k)} ${n(win.y + win.h - 6 - 350 * k)}) scale(${k})`,
    );
    scene =
      backdrop(d, tint) + retailBox(c, modelCode(o.seed), boxed) + toy('translate(104 312) scale(1.22)');
  } else {
    const [fx, fy] = spec.focus;
    const angle = s % 2 === 0 ? -7 : 6;
    scene =
      backdrop(d, tint) +
      toy(`translate(400 420) rotate(${angle}) scale(2.25) translate(${-fx} ${-fy})`) +
      `<rect width="800" height="800" fill="${d.radial(
        [
          [0.6, '#000000', 0],
          [1, '#000000', 0.22],
        ],
        0.5,
        0.5,
        0.75,
      )}"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">` +
    d.toString() +
    scene +
    '</svg>'
  );
}

export async function renderToyPicture(o: ToyPictureOptions): Promise<Buffer> {
  const size = Math.max(1, Math.round(o.size ?? DEFAULT_SIZE));
  return sharp(Buffer.from(toySvg({ ...o, size })))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}
