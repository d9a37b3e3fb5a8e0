import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { LANGUAGES, type LangKey } from '@vitrine/contract';

/**
 * The fonts every PDF the server draws embeds (proforma invoices, linesheets), from npm packages
 * so a fresh clone needs no system fonts (decision 0031): Noto Sans for Latin, Cyrillic, Greek and
 * Vietnamese, and Noto Sans Hans (Noto Sans CJK SC) for Chinese and Japanese. pdfkit embeds only
 * the glyphs a document uses.
 */
export interface FontFace {
  /** The name pdfkit knows it by. */
  name: string;
  bytes: Buffer;
  font: fontkit.Font;
}

export interface FontSet {
  /** Tried in order: a text is set in the first face that has all its characters. */
  regular: FontFace[];
  bold: FontFace[];
}

const require_ = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => join(dirname(require_.resolve(pkg)), '..', 'fonts', file);

const face = (name: string, path: string): FontFace => {
  const bytes = readFileSync(path);
  return { name, bytes, font: fontkit.create(bytes) as fontkit.Font };
};

let loaded: FontSet | null = null;

/** Read once per thread: the CJK faces are 8 MB each. */
export function pdfFonts(): FontSet {
  loaded ??= {
    regular: [
      face('latin', fontFile('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf')),
      face('cjk', fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf')),
    ],
    bold: [
      face('latin-bold', fontFile('@embedpdf/fonts-latin', 'NotoSans-Bold.ttf')),
      face('cjk-bold', fontFile('@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf')),
    ],
  };
  return loaded;
}

const printable = (text: string) => [...text].filter((c) => c.trim() !== '');

/** How many characters of a text a face lacks. */
export function missingGlyphs(face: FontFace, text: string): number {
  let missing = 0;
  for (const c of printable(text)) if (!face.font.hasGlyphForCodePoint(c.codePointAt(0) as number)) missing++;
  return missing;
}

/** The face a text is set in: the first that has every character, else the one that lacks fewest. */
export function faceFor(faces: readonly FontFace[], text: string): FontFace {
  let best = faces[0] as FontFace;
  let bestMissing = Infinity;
  for (const f of faces) {
    const missing = missingGlyphs(f, text);
    if (missing === 0) return f;
    if (missing < bestMissing) [best, bestMissing] = [f, missing];
  }
  return best;
}

/** Whether one of the faces has every character of the text. */
export const covered = (faces: readonly FontFace[], text: string) =>
  faces.some((f) => missingGlyphs(f, text) === 0);

export interface DocumentLocale<L> {
  /** The language whose labels and number format the document uses. */
  language: LangKey;
  locale: string;
  labels: L;
}

/**
 * The asked language when the embedded fonts set every label of it, else English. Arabic and
 * Hebrew print English too: pdfkit lays text out left to right with no bidirectional reordering,
 * so a right-to-left line with numbers in it would read wrongly (decision 0031). Korean and Thai
 * have no face embedded.
 */
export function documentLocale<L extends object>(
  language: LangKey,
  labelsOf: Record<LangKey, L>,
  fonts: FontSet = pdfFonts(),
): DocumentLocale<L> {
  const lang = LANGUAGES.find((l) => l.key === language);
  const labels = labelsOf[language];
  const fits =
    lang &&
    !lang.rtl &&
    Object.values(labels).every(
      (t) => typeof t !== 'string' || (covered(fonts.regular, t) && covered(fonts.bold, t)),
    );
  return fits
    ? { language, locale: lang.locale, labels }
    : { language: 'en', locale: 'en-US', labels: labelsOf.en };
}
