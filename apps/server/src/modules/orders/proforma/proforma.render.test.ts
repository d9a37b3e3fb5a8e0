import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { LANG_KEYS } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { proformaLocale } from './proforma.fonts';
import { samplePicture, sampleProformaInput } from './proforma.fixtures';
import { formatMoney } from '../../../platform/pdf/format';
import type { ProformaDocument, ProformaInput } from './proforma.input';
import { renderProforma } from './proforma.render';

/** The input as the service hands it to the renderer, with the given picture bytes. */
function documentOf(input: ProformaInput, pictures: (Uint8Array | null)[] = []): ProformaDocument {
  return {
    ...input,
    seller: { ...input.seller, logo: null },
    lines: input.lines.map((l, i) => ({ ...l, picture: pictures.length ? i % pictures.length : null })),
    pictures,
    createdAt: Date.UTC(2026, 10, 27, 10),
  };
}

/** Each page's text, as a PDF reader extracts it. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

describe('the proforma invoice', () => {
  it('is a PDF that names the PI number, the order total in dollars and cents, and the bank account', async () => {
    const input = sampleProformaInput({ lines: 3 });
    const pdf = await renderProforma(documentOf(input));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const [text] = await pagesOf(pdf);
    expect(text).toContain('PI-2026-0042');
    expect(text).toContain('Proforma Invoice');
    expect(text).toContain('USD 9,000.00');
    expect(text).toContain('USD 2,700.00');
    expect(text).toContain('6217 8530 0001 2345');
    expect(text).toContain('BKCHCNBJ47A');
  });

  it('prints yen without decimals', async () => {
    const input = sampleProformaInput({ lines: 2, currency: { code: 'JPY', exponent: 0 } });
    const [text] = await pagesOf(await renderProforma(documentOf(input)));
    expect(text).toContain('JPY 600,000');
    expect(text).toContain('1,250');
    expect(text).not.toContain('600,000.');
  });

  it('speaks Chinese to a Chinese buyer in an embedded, subset CJK font', async () => {
    const pdf = await renderProforma(documentOf(sampleProformaInput({ lines: 2, language: 'zh' })));
    const [text] = await pagesOf(pdf);
    expect(text).toContain('形式发票');
    expect(text).toContain('定金');
    expect(text).toContain('汕头澄海星辰玩具有限公司');
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansHans-Regular/);
    // The whole face is 8 MB: only the glyphs used are embedded.
    expect(pdf.length).toBeLessThan(400_000);
  });

  it('labels in the buyer language wherever the fonts set it, in English for Korean, Thai, Arabic and Hebrew', () => {
    const own = LANG_KEYS.filter((lang) => proformaLocale(lang).language === lang);
    expect(own).toEqual(['zh', 'en', 'es', 'ru', 'pl', 'fr', 'id', 'ja', 'pt', 'vi', 'fil', 'de']);
    expect(proformaLocale('ar').labels.title).toBe('Proforma Invoice');
  });

  it('gives an Arabic buyer an English document rather than reversed Arabic', async () => {
    const [text] = await pagesOf(await renderProforma(documentOf(sampleProformaInput({ language: 'ar' }))));
    expect(text).toContain('Proforma Invoice');
    expect(text).toContain('USD 9,000.00');
  });

  it('shows an order without lines on one page that says it has none', async () => {
    const input = { ...sampleProformaInput({ lines: 0 }), amounts: { order: 0, deposit: 0, balance: 0 } };
    const pages = await pagesOf(await renderProforma(documentOf(input)));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('No items');
    expect(pages[0]).toContain('Page 1 of 1');
  });

  it('runs a long order over numbered pages, each with the table head, losing no line', async () => {
    const pages = await pagesOf(await renderProforma(documentOf(sampleProformaInput({ lines: 120 }))));
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((text, i) => {
      expect(text).toContain('Item No.');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join(' ');
    for (let i = 0; i < 120; i++) expect(all).toContain(`T-${1000 + i}`);
    expect(pages.at(-1)).toContain('USD 360,000.00');
  });

  it('draws an empty frame for a missing or unreadable picture and still makes the document', async () => {
    const photo = await samplePicture(1);
    const input = sampleProformaInput({ lines: 3 });
    const pdf = await renderProforma(documentOf(input, [photo, null, new Uint8Array([1, 2, 3, 4])]));
    const [text] = await pagesOf(pdf);
    for (const n of ['T-1000', 'T-1001', 'T-1002']) expect(text).toContain(n);
    // The one good picture is in, as JPEG.
    expect(
      Buffer.from(pdf)
        .toString('latin1')
        .match(/\/Filter \/DCTDecode/g),
    ).toHaveLength(1);
  });
});

describe('amounts on the invoice', () => {
  it('are written from integer minor units in the currency and locale', () => {
    expect(formatMoney(123456, { code: 'USD', exponent: 2 }, 'en-US')).toBe('USD 1,234.56');
    expect(formatMoney(5, { code: 'USD', exponent: 2 }, 'en-US')).toBe('USD 0.05');
    expect(formatMoney(123456, { code: 'JPY', exponent: 0 }, 'en-US')).toBe('JPY 123,456');
    expect(formatMoney(-150, { code: 'EUR', exponent: 2 }, 'en-US')).toBe('EUR -1.50');
    expect(formatMoney(123456, { code: 'EUR', exponent: 2 }, 'de-DE')).toBe('EUR 1.234,56');
    // Beyond what a float holds exactly in cents.
    expect(formatMoney(9_007_199_254_740_991, { code: 'USD', exponent: 2 }, 'en-US')).toBe(
      'USD 90,071,992,547,409.91',
    );
  });
});
