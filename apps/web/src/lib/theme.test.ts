import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATE_COLORS } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import {
  colorScale,
  contrastRatio,
  createShowroomTheme,
  FONT_STACK,
  paletteOf,
  showroomCssVariables,
  showroomCssVariablesResolver,
} from './theme';

const globalCss = readFileSync(join(import.meta.dirname, '../app/global.css'), 'utf8');

/** The value a stylesheet gives a custom property, on one line and with double quotes. */
const declared = (css: string, property: string) =>
  new RegExp(`${property}:([^;]+);`).exec(css)?.[1]?.replace(/\s+/g, ' ').replace(/'/g, '"').trim();

describe('the showroom theme', () => {
  it.each(Object.entries(TEMPLATE_COLORS))('keeps template colour %s exactly at shade 6', (key, hex) => {
    const scale = colorScale(hex);
    expect(scale).toHaveLength(10);
    expect(scale[6]).toBe(hex);
    expect(showroomCssVariables(Number(key))['--vitrine-primary']).toBe(hex);
    expect(createShowroomTheme(Number(key))).toMatchObject({
      primaryColor: 'brand',
      colors: { brand: scale },
    });
  });

  it.each(Object.keys(TEMPLATE_COLORS))(
    'reads at WCAG AA on buttons and as link text for colour %s',
    (key) => {
      const p = paletteOf(Number(key));
      expect(contrastRatio(p.scale[p.buttonShade], p.onButton)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.scale[p.textShade] ?? '', '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.keys(TEMPLATE_COLORS))(
    'reads at WCAG AA as chip text on its light shade for colour %s',
    (key) => {
      const v = showroomCssVariables(Number(key));
      expect(
        contrastRatio(v['--vitrine-primary-on-light'] ?? '', v['--vitrine-primary-light'] ?? ''),
      ).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('dims secondary text no further than WCAG AA allows on white and light grey', () => {
    const { light } = showroomCssVariablesResolver(1)({} as never);
    for (const ground of ['#FFFFFF', '#F8F9FA', '#F1F3F5'])
      expect(contrastRatio(light['--mantine-color-dimmed'] ?? '#868e96', ground)).toBeGreaterThanOrEqual(4.5);
  });

  it("gives the app's stylesheet the theme's fonts, for the moment before the theme applies", () => {
    expect(createShowroomTheme(1)).toMatchObject({
      fontFamily: FONT_STACK,
      headings: { fontFamily: FONT_STACK },
    });
    expect(declared(globalCss, '--mantine-font-family')).toBe(FONT_STACK);
    expect(declared(globalCss, '--mantine-font-family-headings')).toBe(FONT_STACK);
  });

  it('falls back to blue for an unknown colour', () => {
    expect(paletteOf(undefined).primary).toBe('#2181ED');
    expect(paletteOf(9).primary).toBe('#2181ED');
  });
});
