import type { Size } from '../rules';

/**
 * "width × height" kept left to right inside any sentence: in Arabic or Hebrew text the two
 * numbers would otherwise swap places.
 */
export const sizeText = ({ width, height }: Size): string => `\u2066${width} × ${height}\u2069`;
