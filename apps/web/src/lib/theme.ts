import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeOverride } from '@mantine/core';
import { TEMPLATE_COLORS, type TemplateColor } from '@vitrine/contract';

/**
 * The showroom's look follows the website's template_color: that colour is Mantine's primary
 * colour (a 10-shade scale with the exact colour at shade 6) and the --vitrine-* CSS variables.
 * Text on it and links in it are picked to keep WCAG AA contrast (4.5:1) for every template colour.
 */

const DEFAULT_TEMPLATE_COLOR: TemplateColor = 1;
const AA = 4.5;

export function templateColorHex(templateColor: number | null | undefined): string {
  const key = (templateColor ?? DEFAULT_TEMPLATE_COLOR) as TemplateColor;
  return TEMPLATE_COLORS[key] ?? TEMPLATE_COLORS[DEFAULT_TEMPLATE_COLOR];
}

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** `amount` (0..1) of `other` mixed into `base`. */
const mix = (base: Rgb, other: Rgb, amount: number): Rgb =>
  [0, 1, 2].map((i) => (base[i] ?? 0) * (1 - amount) + (other[i] ?? 0) * amount) as unknown as Rgb;

/** WCAG relative luminance. */
export function luminanceOf(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1..21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const TINTS = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18];
const SHADES = [0.12, 0.24, 0.36];

/** Ten shades, light to dark, with `hex` itself at index 6 (Mantine's default primary shade). */
export function colorScale(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  return [
    ...TINTS.map((t) => toHex(mix(base, WHITE, t))),
    toHex(base),
    ...SHADES.map((s) => toHex(mix(base, BLACK, s))),
  ] as unknown as MantineColorsTuple;
}

export interface ShowroomPalette {
  /** The template colour itself. */
  primary: string;
  scale: MantineColorsTuple;
  /** Shade used for filled buttons: the colour, or one step darker when white text needs it. */
  buttonShade: 6 | 7;
  /** Text colour on buttonShade (white or black, whichever reads). */
  onButton: string;
  /** The first shade that reads as text on white (links, headings in the colour). */
  textShade: number;
  /** The first shade that reads as text on the light shade (1): flag chips, tags. */
  onLightShade: number;
}

export function paletteOf(templateColor: number | null | undefined): ShowroomPalette {
  const primary = templateColorHex(templateColor);
  const scale = colorScale(primary);
  const whiteOn = (i: number) => contrastRatio(scale[i] ?? primary, '#FFFFFF') >= AA;
  const buttonShade = whiteOn(6) ? 6 : whiteOn(7) ? 7 : 6;
  const button = scale[buttonShade] ?? primary;
  const onButton =
    contrastRatio(button, '#FFFFFF') >= contrastRatio(button, '#000000') ? '#FFFFFF' : '#000000';
  const textShade = [6, 7, 8, 9].find(whiteOn) ?? 9;
  const light = scale[1] ?? '#FFFFFF';
  const onLightShade = [6, 7, 8, 9].find((i) => contrastRatio(scale[i] ?? primary, light) >= AA) ?? 9;
  return { primary, scale, buttonShade, onButton, textShade, onLightShade };
}

/** The showroom's fonts; app/global.css repeats them for the moment before the theme applies. */
export const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Noto Sans Hebrew"',
  '"PingFang SC"',
  '"Hiragino Sans"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  'Arial',
  'sans-serif',
].join(', ');

export function createShowroomTheme(templateColor: number | null | undefined): MantineThemeOverride {
  const { scale, buttonShade } = paletteOf(templateColor);
  return {
    colors: { brand: scale },
    primaryColor: 'brand',
    primaryShade: buttonShade,
    // Black or white text on the colour, by WCAG contrast (0.179 is where both read equally).
    autoContrast: true,
    luminanceThreshold: 0.179,
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '700' },
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
  };
}

/** The --vitrine-* variables of a template colour, for gradients and accents in plain CSS. */
export function showroomCssVariables(
  templateColor: number | null | undefined,
): Record<`--${string}`, string> {
  const p = paletteOf(templateColor);
  return {
    '--vitrine-primary': p.primary,
    '--vitrine-primary-light': p.scale[1],
    '--vitrine-primary-strong': p.scale[p.buttonShade],
    '--vitrine-primary-deep': p.scale[9],
    '--vitrine-primary-text': p.scale[p.textShade] ?? p.primary,
    '--vitrine-primary-on-light': p.scale[p.onLightShade] ?? p.primary,
    '--vitrine-on-primary': p.onButton,
  };
}

/** Secondary text (numbers, trade terms, notes): a grey that keeps WCAG AA on white and light greys. */
export const DIMMED_TEXT = '#5c636a';

/** Adds the --vitrine-* variables next to Mantine's own. */
export const showroomCssVariablesResolver =
  (templateColor: number | null | undefined): CSSVariablesResolver =>
  () => ({
    variables: showroomCssVariables(templateColor),
    // Mantine's default error red is too light for small text on white (3:1); red 9 reads at 5.4:1.
    // Mantine's dimmed grey (#868e96) reads at 3.3:1 on white; this one at 6.1:1, 5.5:1 on gray 1.
    light: { '--mantine-color-error': 'var(--mantine-color-red-9)', '--mantine-color-dimmed': DIMMED_TEXT },
    dark: {},
  });

/** template_style: the four page frames (header and footer layouts) a website can pick. */
export type TemplateStyle = 1 | 2 | 3 | 4;

/** The website's template_style, 1 (classic) for anything unknown. */
export function templateStyleOf(value: number | null | undefined): TemplateStyle {
  return value === 2 || value === 3 || value === 4 ? value : 1;
}
