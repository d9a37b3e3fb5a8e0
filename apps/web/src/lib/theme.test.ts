import { TEMPLATE_COLORS } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { colorScale, contrastRatio, createShowroomTheme, paletteOf, showroomCssVariables } from './theme';

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

  it('falls back to blue for an unknown colour', () => {
    expect(paletteOf(undefined).primary).toBe('#2181ED');
    expect(paletteOf(9).primary).toBe('#2181ED');
  });
});
