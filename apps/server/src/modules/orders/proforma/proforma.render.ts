/*
 * Lays out a proforma invoice with pdfkit. Runs in a worker thread in service (proforma.worker.ts):
 * converting 200 pictures and setting a few thousand text runs is CPU work that must not hold up
 * requests. Pure apart from the fonts it reads once: the same document gives the same bytes.
 */
import {
  A4,
  convertAll,
  footers,
  HEAD_FILL,
  INK,
  MUTED,
  pictureDrawer,
  RULE,
  startPdf,
  textKit,
  type TextStyle,
  toJpeg,
} from '../../../platform/pdf/draw';
import { pdfFonts } from '../../../platform/pdf/fonts';
import { formatCount, formatMinor, formatMoney } from '../../../platform/pdf/format';
import { proformaLocale } from './proforma.fonts';
import type { ProformaDocument } from './proforma.input';

/** Width in pixels pictures are converted to: 2x their 48 pt cell, sharp enough on paper. */
export const PICTURE_PX = 160;
const LOGO_PX = 320;

const MARGIN = 36;
const FOOTER = 24;
const CONTENT = A4.width - 2 * MARGIN;
const PICTURE_PT = 44;

export async function renderProforma(input: ProformaDocument): Promise<Uint8Array> {
  const fonts = pdfFonts();
  const { labels, locale } = proformaLocale(input.language, fonts);
  const [pictures, logo] = await Promise.all([
    convertAll(input.pictures, PICTURE_PX),
    input.seller.logo ? toJpeg(input.seller.logo, LOGO_PX) : Promise.resolve(null),
  ]);

  const { doc, finish } = startPdf(
    {
      Title: `${labels.title} ${input.piNumber}`,
      Author: input.seller.names[0] ?? '',
      Subject: input.orderNumber,
      CreationDate: new Date(input.createdAt),
    },
    fonts,
    MARGIN,
  );

  const money = (minor: number) => formatMoney(minor, input.currency, locale);
  const amount = (minor: number) => formatMinor(minor, input.currency.exponent, locale);
  const count = (n: number) => formatCount(n, locale);
  const { lineHeight, measure, put } = textKit(doc, fonts);
  const rule = (y: number, color = RULE) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();

  const bottom = A4.height - MARGIN - FOOTER;
  let y = MARGIN;

  // The letterhead: logo, the seller's names and contact, the title on the right.
  const titleWidth = 200;
  let textX = MARGIN;
  let headBottom = y;
  if (logo) {
    doc.image(logo, MARGIN, y, { fit: [80, 52] });
    textX += 92;
    headBottom = y + 52;
  }
  const sellerWidth = CONTENT - (textX - MARGIN) - titleWidth - 12;
  let sy = y;
  input.seller.names.forEach((name, i) => {
    sy += put(name, textX, sy, sellerWidth, i === 0 ? { size: 13, bold: true } : { size: 9.5 }) + 1;
  });
  for (const line of input.seller.address)
    sy += put(line, textX, sy, sellerWidth, { size: 8.5, color: MUTED });
  const reach = [
    input.seller.phone && `${labels.phone} ${input.seller.phone}`,
    input.seller.email && `${labels.email} ${input.seller.email}`,
  ]
    .filter(Boolean)
    .join('   ');
  sy += put(reach, textX, sy, sellerWidth, { size: 8.5, color: MUTED });
  const ty = put(labels.title, MARGIN + CONTENT - titleWidth, y, titleWidth, {
    size: 17,
    bold: true,
    align: 'right',
  });
  put(input.piNumber, MARGIN + CONTENT - titleWidth, y + ty + 2, titleWidth, {
    size: 10,
    align: 'right',
    color: MUTED,
  });
  y = Math.max(headBottom, sy, y + ty + 16) + 10;
  rule(y, INK);
  y += 10;

  // The buyer on the left, the document's facts on the right.
  const half = (CONTENT - 20) / 2;
  const field = (label: string, value: string, x: number, at: number, width: number): number => {
    if (!value) return 0;
    const labelWidth = Math.min(120, width * 0.45);
    const h = Math.max(
      put(label, x, at, labelWidth - 6, { size: 8.5, color: MUTED }),
      put(value, x + labelWidth, at, width - labelWidth, { size: 8.5 }),
    );
    return h + 3;
  };
  let ly = y;
  ly += put(labels.buyer, MARGIN, ly, half, { size: 9, bold: true, color: MUTED }) + 3;
  ly += put(input.buyer.company, MARGIN, ly, half, { size: 11, bold: true }) + 4;
  ly += field(labels.contact, input.buyer.contact, MARGIN, ly, half);
  ly += field(labels.phone, input.buyer.phone, MARGIN, ly, half);
  ly += field(labels.email, input.buyer.email, MARGIN, ly, half);
  const rx = MARGIN + half + 20;
  let ry = y;
  ry += field(labels.piNumber, input.piNumber, rx, ry, half);
  ry += field(labels.orderNumber, input.orderNumber, rx, ry, half);
  ry += field(labels.date, input.issuedOn, rx, ry, half);
  ry += field(labels.validUntil, input.validUntil ?? '', rx, ry, half);
  ry += field(labels.estimatedShipping, input.estimatedShipping ?? '', rx, ry, half);
  ry += field(labels.tradeTerm, input.tradeTerm, rx, ry, half);
  ry += field(labels.currency, input.currency.code, rx, ry, half);
  y = Math.max(ly, ry) + 10;

  // The lines, the header row repeated on every page.
  const fixed = { picture: PICTURE_PT + 8, number: 68, quantity: 62, boxes: 44, price: 66, amount: 76 };
  const descriptionWidth = CONTENT - Object.values(fixed).reduce((a, b) => a + b, 0);
  const columns = [
    { label: labels.picture, width: fixed.picture, align: 'center' as const },
    { label: labels.itemNumber, width: fixed.number, align: 'left' as const },
    { label: labels.description, width: descriptionWidth, align: 'left' as const },
    { label: labels.quantity, width: fixed.quantity, align: 'right' as const },
    { label: labels.boxes, width: fixed.boxes, align: 'right' as const },
    { label: `${labels.unitPrice} (${input.currency.code})`, width: fixed.price, align: 'right' as const },
    { label: `${labels.amount} (${input.currency.code})`, width: fixed.amount, align: 'right' as const },
  ];
  const xs = columns.reduce<number[]>((acc, c, i) => [...acc, (acc[i] as number) + c.width], [MARGIN]);
  const PAD = 4;
  const cellText = (i: number, text: string, at: number, style: TextStyle, height?: number) =>
    put(
      text,
      (xs[i] as number) + PAD,
      at,
      (columns[i]?.width ?? 0) - 2 * PAD,
      { align: columns[i]?.align, ...style },
      height,
    );

  const headStyle: TextStyle = { size: 7.5, bold: true };
  const headHeight =
    Math.max(...columns.map((c) => measure(c.label, c.width - 2 * PAD, headStyle))) + 2 * PAD;
  const tableHead = () => {
    doc.rect(MARGIN, y, CONTENT, headHeight).fill(HEAD_FILL);
    columns.forEach((c, i) => cellText(i, c.label, y + PAD, headStyle));
    y += headHeight;
    rule(y);
  };
  const room = (height: number, withHead: boolean) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = MARGIN;
    if (withHead) tableHead();
  };

  tableHead();
  const drawPicture = pictureDrawer(doc, pictures);
  const nameStyle: TextStyle = { size: 8, maxLines: 3 };
  const detailStyle: TextStyle = { size: 7, color: MUTED, maxLines: 2 };
  const numberStyle: TextStyle = { size: 8, maxLines: 2 };
  const figureStyle: TextStyle = { size: 8, oneLine: true };
  if (input.lines.length === 0) {
    room(28, true);
    put(labels.noItems, MARGIN, y + 8, CONTENT, { size: 9, color: MUTED, align: 'center' });
    y += 28;
    rule(y);
  }
  for (const line of input.lines) {
    const textWidth = descriptionWidth - 2 * PAD;
    const nameHeight = measure(line.name, textWidth, nameStyle);
    const detailHeight = measure(line.details, textWidth, detailStyle);
    const textHeight = nameHeight + (line.details ? detailHeight + 2 : 0);
    const rowHeight = Math.max(PICTURE_PT + 2 * PAD, textHeight + 2 * PAD);
    room(rowHeight, true);
    drawPicture(line.picture, MARGIN + (fixed.picture - PICTURE_PT) / 2, y + PAD, PICTURE_PT);
    cellText(1, line.number, y + PAD, numberStyle);
    cellText(2, line.name, y + PAD, nameStyle, nameHeight);
    cellText(2, line.details, y + PAD + nameHeight + 2, detailStyle, detailHeight);
    cellText(3, `${count(line.quantity)} ${line.unit}`.trim(), y + PAD, figureStyle);
    cellText(4, count(line.boxes), y + PAD, figureStyle);
    cellText(5, amount(line.unitPrice), y + PAD, figureStyle);
    cellText(6, amount(line.lineTotal), y + PAD, figureStyle);
    y += rowHeight;
    rule(y);
  }

  // Totals of the lines.
  const totalStyle: TextStyle = { size: 8.5, bold: true, oneLine: true };
  const totalHeight = lineHeight(totalStyle) + 2 * PAD;
  room(totalHeight, true);
  cellText(1, labels.total, y + PAD, totalStyle);
  cellText(2, `${labels.products}: ${count(input.totals.products)}`, y + PAD, totalStyle);
  cellText(3, count(input.totals.quantity), y + PAD, totalStyle);
  cellText(4, count(input.totals.boxes), y + PAD, totalStyle);
  const linesSum = input.lines.reduce((sum, l) => sum + l.lineTotal, 0);
  cellText(6, amount(linesSum), y + PAD, totalStyle);
  y += totalHeight;
  rule(y, INK);
  y += 12;

  // Order amount, deposit and balance, on the right.
  const sums: [string, number, boolean][] = [
    [labels.orderAmount, input.amounts.order, true],
    [labels.deposit, input.amounts.deposit, false],
    [labels.balance, input.amounts.balance, false],
  ];
  const sumWidth = 260;
  const sumX = MARGIN + CONTENT - sumWidth;
  room(sums.length * 16 + 8, false);
  for (const [label, value, strong] of sums) {
    const style: TextStyle = { size: strong ? 10 : 9, bold: strong };
    const h = Math.max(
      put(label, sumX, y, sumWidth / 2, { ...style, color: strong ? INK : MUTED }),
      put(money(value), sumX + sumWidth / 2, y, sumWidth / 2, { ...style, align: 'right' }),
    );
    y += h + 4;
  }
  y += 8;

  // Bank account and remarks: free text the exporter wrote, kept as written.
  const block = (label: string, text: string) => {
    if (!text.trim()) return;
    const lines = text.split(/\r?\n/);
    room(lineHeight({ size: 9, bold: true }) + 16, false);
    y += put(label, MARGIN, y, CONTENT, { size: 9, bold: true }) + 3;
    for (const l of lines) {
      const style: TextStyle = { size: 8.5 };
      const h = Math.max(measure(l || ' ', CONTENT, style), lineHeight(style));
      room(h, false);
      put(l, MARGIN, y, CONTENT, style);
      y += h;
    }
    y += 10;
  };
  block(labels.bankAccount, input.bankAccount);
  block(labels.remarks, input.remarks);

  // Page numbers, once the number of pages is known.
  footers(doc, put, MARGIN, input.piNumber, (page, pages) =>
    labels.page.replace('{page}', count(page)).replace('{pages}', count(pages)),
  );
  return finish();
}
