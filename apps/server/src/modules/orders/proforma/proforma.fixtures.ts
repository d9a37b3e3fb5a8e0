// Orders for the proforma tests and bench (bench/proforma.ts): plain data as the orders service gives it.
import sharp from 'sharp';
import type { LangKey } from '@vitrine/contract';
import type { PictureSource, ProformaInput } from './proforma.input';

/** A product photo as the catalogue stores it: WebP, 800 px, with detail enough to cost a real decode. */
export async function samplePicture(seed: number, size = 800): Promise<Buffer> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,85%)"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="hsl(${(hue + 120) % 360},70%,45%)"/>
    <rect x="${size / 5}" y="${size / 6}" width="${size / 4}" height="${size / 2}" fill="hsl(${(hue + 240) % 360},70%,50%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export const pictureFrom = (id: string, bytes: Uint8Array | null): PictureSource => ({
  id,
  load: () => Promise.resolve(bytes),
});

export interface SampleOptions {
  lines?: number;
  language?: LangKey;
  currency?: { code: string; exponent: number };
  /** The picture of line i (default none). */
  picture?: (i: number) => PictureSource | null;
  ref?: string;
}

/** An order of `lines` lines of 240 pieces at 12.50 (or 1 250 yen); amounts that add up, 30 % deposit. */
export function sampleProformaInput(o: SampleOptions = {}): ProformaInput {
  const currency = o.currency ?? { code: 'USD', exponent: 2 };
  const unitPrice = currency.exponent === 0 ? 1250 : 1250 * 10 ** (currency.exponent - 2);
  const count = o.lines ?? 3;
  const lines = Array.from({ length: count }, (_, i) => ({
    number: `T-${1000 + i}`,
    name: i % 2 ? `Remote control racing car ${i}` : `Plush teddy bear with bow tie ${i}`,
    details: 'Window box, 24 pcs/ctn, 60x40x50 cm',
    quantity: 240,
    unit: 'PCS',
    boxes: 10,
    unitPrice,
    lineTotal: 240 * unitPrice,
    picture: o.picture?.(i) ?? null,
  }));
  const order = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const deposit = Math.round((order * 30) / 100);
  return {
    ref: o.ref ?? 'c1-o1',
    language: o.language ?? 'en',
    seller: {
      names: ['汕头澄海星辰玩具有限公司', 'Shantou Chenghai Star Toys Co., Ltd.'],
      address: ['No. 8 Toy Industrial Road, Chenghai District, Shantou, Guangdong, China'],
      phone: '+86 754 8512 3456',
      email: 'sales@startoys.example',
      logo: null,
    },
    buyer: {
      company: 'Acme Trading LLC',
      contact: 'Jane Doe',
      phone: '+1 555 0100',
      email: 'jane@acme.example',
    },
    piNumber: 'PI-2026-0042',
    orderNumber: 'SO-20261127-0007',
    issuedOn: '2026-11-27',
    validUntil: '2026-12-27',
    estimatedShipping: '2027-01-20',
    tradeTerm: 'FOB',
    currency,
    amounts: { order, deposit, balance: order - deposit },
    bankAccount:
      'Beneficiary: Shantou Chenghai Star Toys Co., Ltd.\nBank: Bank of China, Shantou Branch\nAccount No.: 6217 8530 0001 2345\nSWIFT: BKCHCNBJ47A',
    remarks: 'Prices FOB Shantou. Deposit 30 % before production, balance before shipment.',
    lines,
    totals: { products: count, boxes: 10 * count, quantity: 240 * count },
  };
}
