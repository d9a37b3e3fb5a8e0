/*
 * What every PDF the server draws shares (proforma invoices, linesheets): a pdfkit document with
 * the embedded faces registered, text set in the face that has its characters, measured and
 * clipped, and pictures converted to JPEG for it. Runs in the documents' worker threads.
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { faceFor, type FontFace, type FontSet } from './fonts';

export const A4 = { width: 595.28, height: 841.89 };
export const INK = '#1f2933';
export const MUTED = '#616e7c';
export const RULE = '#cbd2d9';
export const HEAD_FILL = '#eef2f7';

/**
 * How many pictures are converted at once. sharp's jobs run in libuv's pool, which the whole
 * process shares (4 threads unless UV_THREADPOOL_SIZE says otherwise): two leave the other
 * threads to the file reads and hashing of requests answered meanwhile.
 */
const PICTURE_CONCURRENCY = 2;

/** JPEG for the PDF, or null when the bytes are not a picture sharp reads (a missing picture is drawn as an empty frame). */
export async function toJpeg(bytes: Uint8Array, width: number): Promise<Buffer | null> {
  try {
    return await sharp(bytes)
      .rotate()
      .resize(width, width, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: false })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Every picture converted to JPEG at a width, two at a time; null where there is none or it is unreadable. */
export async function convertAll(
  pictures: readonly (Uint8Array | null)[],
  width: number,
): Promise<(Buffer | null)[]> {
  const out: (Buffer | null)[] = new Array<Buffer | null>(pictures.length).fill(null);
  let next = 0;
  const lane = async () => {
    while (next < pictures.length) {
      const i = next++;
      const bytes = pictures[i];
      out[i] = bytes ? await toJpeg(bytes, width) : null;
    }
  };
  await Promise.all(Array.from({ length: PICTURE_CONCURRENCY }, lane));
  return out;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** Clip to this many lines, ending with an ellipsis. */
  maxLines?: number;
  /**
   * A short text that never wraps (an amount, a count): set without line breaking, which spares
   * the wrapping pass that costs most of a long document's layout.
   */
  oneLine?: boolean;
}

export interface PdfInfo {
  Title: string;
  Author: string;
  Subject: string;
  CreationDate: Date;
}

/** An A4 document with pages buffered (for "Page n of m") and the faces registered; `finish` ends it and answers the bytes. */
export function startPdf(info: PdfInfo, fonts: FontSet, margin: number) {
  const doc = new PDFDocument({ size: 'A4', margin, bufferPages: true, info });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // The parsed faces themselves, not their bytes: pdfkit would parse them anew for every
  // document, and fontkit's lazily read layout tables cost hundreds of ms each time.
  for (const f of [...fonts.regular, ...fonts.bold]) doc.registerFont(f.name, f.font as unknown as Buffer);
  return {
    doc,
    async finish(): Promise<Buffer> {
      doc.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

/** Text set in the face that has its characters: measured, clipped, drawn. */
export function textKit(doc: PDFKit.PDFDocument, fonts: FontSet) {
  const use = (text: string, style: TextStyle): FontFace => {
    const face = faceFor(style.bold ? fonts.bold : fonts.regular, text);
    doc.font(face.name).fontSize(style.size);
    return face;
  };
  const lineHeights = new Map<string, number>();
  const lineHeight = (style: TextStyle) => {
    const key = `${style.size}/${style.bold ? 1 : 0}`;
    let h = lineHeights.get(key);
    if (h === undefined) {
      use('A', style);
      h = doc.currentLineHeight(true);
      lineHeights.set(key, h);
    }
    return h;
  };
  /** The height a text takes in a width, clipped to maxLines. */
  const measure = (text: string, width: number, style: TextStyle): number => {
    if (!text) return 0;
    use(text, style);
    const h = doc.heightOfString(text, { width, lineGap: 0 });
    // The text's own face's line height: a CJK line is taller than a Latin one.
    return style.maxLines ? Math.min(h, style.maxLines * doc.currentLineHeight(true)) : h;
  };
  /** Draws a text at a place and answers its height (`height` when the caller measured it already). */
  const put = (
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle,
    height?: number,
  ): number => {
    if (!text) return 0;
    if (style.oneLine) {
      use(text, style);
      const w = doc.widthOfString(text);
      const dx = style.align === 'right' ? width - w : style.align === 'center' ? (width - w) / 2 : 0;
      doc.fillColor(style.color ?? INK).text(text, x + Math.max(0, dx), y, { lineBreak: false });
      return lineHeight(style);
    }
    const h = height ?? measure(text, width, style);
    use(text, style);
    doc.fillColor(style.color ?? INK).text(text, x, y, {
      width,
      align: style.align ?? 'left',
      lineGap: 0,
      ...(style.maxLines ? { height: h + 0.5, ellipsis: true } : {}),
    });
    return h;
  };
  return { use, lineHeight, measure, put };
}

/**
 * Pictures opened once each, so a picture several rows share is embedded once; a missing one is
 * an empty frame.
 */
export function pictureDrawer(doc: PDFKit.PDFDocument, pictures: readonly (Buffer | null)[]) {
  const opened = new Map<number, unknown>();
  return (index: number | null, x: number, y: number, size: number) => {
    const picture = index === null ? null : pictures[index];
    if (picture && index !== null) {
      let image = opened.get(index);
      if (!image) {
        image = (doc as unknown as { openImage(b: Buffer): unknown }).openImage(picture);
        opened.set(index, image);
      }
      doc.image(image as Buffer, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    } else {
      doc.rect(x, y, size, size).lineWidth(0.5).strokeColor(RULE).stroke();
    }
  };
}

/** "Page n of m" and a left text at the foot of every page, once the number of pages is known. */
export function footers(
  doc: PDFKit.PDFDocument,
  put: ReturnType<typeof textKit>['put'],
  margin: number,
  left: string,
  pageLabel: (page: number, pages: number) => string,
) {
  const range = doc.bufferedPageRange();
  const width = A4.width - 2 * margin;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const fy = A4.height - margin - 10;
    put(left, margin, fy, width / 2, { size: 7.5, color: MUTED });
    put(pageLabel(i + 1, range.count), margin + width / 2, fy, width / 2, {
      size: 7.5,
      color: MUTED,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}
