/*
 * Lays out a linesheet with pdfkit and the proforma invoice's machinery (platform/pdf): a grid of
 * product cards, two across, each with its picture, number, name, packing, carton data and price.
 * Runs in a worker thread in service (linesheet.worker.ts): converting a few hundred pictures is
 * CPU work that must not hold up requests.
 */
import {
  A4,
  convertAll,
  footers,
  INK,
  MUTED,
  pictureDrawer,
  RULE,
  startPdf,
  textKit,
  toJpeg,
} from '../../platform/pdf/draw';
import { documentLocale, pdfFonts } from '../../platform/pdf/fonts';
import { formatCount, formatMinor } from '../../platform/pdf/format';
import type { LinesheetDocument } from './linesheet.input';
import { LINESHEET_LABELS } from './linesheet.labels';

/**
 * Width in pixels pictures are converted to: the showroom's 320 px variant, about 240 dpi in its
 * 96 pt frame, sharp on paper without the cost of the 800 px originals.
 */
export const LINESHEET_PICTURE_PX = 320;
const LOGO_PX = 320;

const MARGIN = 32;
const FOOTER = 22;
const CONTENT = A4.width - 2 * MARGIN;
const GAP = 12;
const CARD_WIDTH = (CONTENT - GAP) / 2;
const PICTURE_PT = 96;
/** Room for the number, two lines of name, the packing, five facts and the price. */
const CARD_HEIGHT = 134;

const decimals = (n: number, places: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: places }).format(n);

export async function renderLinesheet(input: LinesheetDocument): Promise<Uint8Array> {
  const fonts = pdfFonts();
  const { labels, locale } = documentLocale(input.language, LINESHEET_LABELS, fonts);
  const [pictures, logo] = await Promise.all([
    convertAll(input.pictures, LINESHEET_PICTURE_PX),
    input.company.logo ? toJpeg(input.company.logo, LOGO_PX) : Promise.resolve(null),
  ]);
  const selectionLabel = labels[input.selection.kind === 'products' ? 'products' : input.selection.kind];
  const heading = [selectionLabel, input.selection.name].filter(Boolean).join(': ');
  const { doc, finish } = startPdf(
    {
      Title: `${labels.title} — ${heading}`,
      Author: input.company.names[0] ?? '',
      Subject: heading,
      CreationDate: new Date(input.createdAt),
    },
    fonts,
    MARGIN,
  );
  const { measure, put } = textKit(doc, fonts);
  const count = (n: number) => formatCount(n, locale);
  const drawPicture = pictureDrawer(doc, pictures);

  // The head: logo and the exporter's names on the left; title, selection, date and count on the right.
  let y = MARGIN;
  let textX = MARGIN;
  let headBottom = y;
  if (logo) {
    doc.image(logo, MARGIN, y, { fit: [80, 48] });
    textX += 90;
    headBottom = y + 48;
  }
  const rightWidth = 220;
  const leftWidth = CONTENT - (textX - MARGIN) - rightWidth - 12;
  let ly = y;
  input.company.names.forEach((name, i) => {
    ly +=
      put(name, textX, ly, leftWidth, i === 0 ? { size: 14, bold: true } : { size: 9.5, color: MUTED }) + 1;
  });
  const rx = MARGIN + CONTENT - rightWidth;
  let ry = y;
  ry += put(labels.title, rx, ry, rightWidth, { size: 17, bold: true, align: 'right' }) + 2;
  ry += put(heading, rx, ry, rightWidth, { size: 9.5, align: 'right', maxLines: 2 }) + 1;
  const facts = [
    `${labels.date} ${input.date}`,
    labels.count.replace('{count}', count(input.items.length)),
    input.prices ? [input.prices.currency, input.prices.tradeTerm].filter(Boolean).join(' ') : '',
  ]
    .filter(Boolean)
    .join('   ');
  ry += put(facts, rx, ry, rightWidth, { size: 8.5, color: MUTED, align: 'right' });
  y = Math.max(headBottom, ly, ry) + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  y += 10;

  const bottom = A4.height - MARGIN - FOOTER;
  const textWidth = CARD_WIDTH - PICTURE_PT - 10;
  const labelWidth = 56;
  const fact = (label: string, value: string, x: number, at: number): number => {
    put(label, x, at, labelWidth - 4, { size: 7, color: MUTED, oneLine: true });
    return put(value, x + labelWidth, at, textWidth - labelWidth, { size: 7.5, oneLine: true }) + 1.5;
  };

  input.items.forEach((item, i) => {
    const column = i % 2;
    if (column === 0 && i > 0) y += CARD_HEIGHT + 6;
    if (column === 0 && y + CARD_HEIGHT > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    const x = MARGIN + column * (CARD_WIDTH + GAP);
    doc.roundedRect(x, y, CARD_WIDTH, CARD_HEIGHT, 4).lineWidth(0.6).strokeColor(RULE).stroke();
    drawPicture(item.picture, x + 8, y + (CARD_HEIGHT - PICTURE_PT) / 2, PICTURE_PT);
    const tx = x + PICTURE_PT + 14;
    let ty = y + 8;
    if (item.number)
      ty += put(item.number, tx, ty, textWidth - 4, { size: 9, bold: true, oneLine: true }) + 1;
    const nameStyle = { size: 8.5, maxLines: 2 };
    ty += put(item.name, tx, ty, textWidth - 4, nameStyle, measure(item.name, textWidth - 4, nameStyle)) + 1;
    const packingStyle = { size: 7, color: MUTED, maxLines: 1 };
    ty +=
      put(
        item.packing,
        tx,
        ty,
        textWidth - 4,
        packingStyle,
        measure(item.packing, textWidth - 4, packingStyle),
      ) + 3;
    const { length, width, height } = item.carton;
    ty += fact(labels.cartonQuantity, count(item.cartonQuantity), tx, ty);
    ty += fact(labels.innerBoxes, count(item.innerBoxes), tx, ty);
    ty += fact(
      labels.carton,
      `${decimals(length, 1, locale)} × ${decimals(width, 1, locale)} × ${decimals(height, 1, locale)}`,
      tx,
      ty,
    );
    ty += fact(
      labels.volume,
      `${decimals(item.cbm, 4, locale)} cbm · ${decimals(item.cuft, 2, locale)} cuft`,
      tx,
      ty,
    );
    ty += fact(
      labels.weights,
      `${decimals(item.grossWeight, 2, locale)} / ${decimals(item.netWeight, 2, locale)}`,
      tx,
      ty,
    );
    if (input.prices && item.price !== null) {
      const price = `${input.prices.currency} ${formatMinor(item.price, input.prices.exponent, locale)}`;
      put(labels.price, tx, ty + 2, labelWidth - 4, { size: 7.5, color: MUTED, oneLine: true });
      put(price, tx + labelWidth, ty + 1, textWidth - labelWidth, { size: 9.5, bold: true, oneLine: true });
    }
  });

  footers(doc, put, MARGIN, [input.company.names[0], input.date].filter(Boolean).join(' · '), (page, pages) =>
    labels.page.replace('{page}', count(page)).replace('{pages}', count(pages)),
  );
  return finish();
}
