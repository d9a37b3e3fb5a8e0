import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page after page, as Mozilla's PDF.js reads it (the reader in Firefox): a
 * document that parses and shows a number did not merely start with '%PDF-'.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await doc.destroy();
  }
}
