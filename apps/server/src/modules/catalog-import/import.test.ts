import {
  ErrorCode,
  IMPORT_COLUMNS,
  IMPORT_FIELD_COLUMNS,
  IMPORT_SKIPPED_FIELDS,
  productFields,
} from '@vitrine/contract';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS, variantKey } from '../../plugins/picture-variants';
import { pictureKey, pictureSha } from '../../platform/image-content';
import { LocalDiskStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkRows, closeZip, extractPictures, guessMapping, listZip, readSheet } from './import.work';

type Staff = { token: string; website: number };

const photo = (seed: number) =>
  sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 30 + seed * 7, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();

const csv = (lines: string[][]) =>
  Buffer.from(
    lines
      .map((l) => l.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\n'),
  );

async function zipOf(files: Record<string, Buffer | string>, compression: 'STORE' | 'DEFLATE' = 'STORE') {
  const zip = new JSZip();
  for (const [name, body] of Object.entries(files)) zip.file(name, body, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression });
}

describe('the column table', () => {
  it('has a column for every product field but those it leaves out on purpose', () => {
    const covered = new Set<string>([...IMPORT_FIELD_COLUMNS.map((c) => c.field), ...IMPORT_SKIPPED_FIELDS]);
    expect(Object.keys(productFields.shape).filter((f) => !covered.has(f))).toEqual([]);
  });

  it('has a name and a packing column per language', () => {
    expect(IMPORT_COLUMNS.filter((c) => c.key.startsWith('name_'))).toHaveLength(16);
    expect(IMPORT_COLUMNS.filter((c) => c.key.startsWith('packing_'))).toHaveLength(16);
  });
});

describe('reading files', () => {
  it("guesses the template's columns and an exporter's own headers in English and Chinese", () => {
    expect(guessMapping(['货号 Toy number [toy_number]', 'Name (English) [name_en]'])).toEqual({
      toy_number: 0,
      name_en: 1,
    });
    expect(guessMapping(['Item No.', '品名', 'English Name', '单价', 'Remarks', 'Colour'])).toEqual({
      toy_number: 0,
      name_zh: 1,
      name_en: 2,
      price: 3,
      remark: 4,
    });
  });

  it('reads an xlsx and a CSV alike, dropping trailing empty rows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('x');
    sheet.addRow(['Toy number', 'Price valid until', 'Price']);
    sheet.addRow(['A-1', new Date(Date.UTC(2027, 0, 31)), 12.5]);
    sheet.addRow([]);
    const xlsx = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), 'xlsx');
    expect(xlsx).toEqual({
      ok: true,
      headers: ['Toy number', 'Price valid until', 'Price'],
      rows: [['A-1', '2027-01-31', '12.5']],
    });
    const text = await readSheet(
      csv([
        ['Toy number', 'Price valid until', 'Price'],
        ['A-1', '2027-01-31', '12.5'],
        ['', '', ''],
      ]),
      'csv',
    );
    expect(text).toEqual(xlsx);
  });

  it('reads a CSV saved in Big5, Shift-JIS or GB18030 by the characters it holds', async () => {
    const legacy = (hex: string) =>
      Buffer.concat([Buffer.from('Item No.,English Name,Name\n'), Buffer.from(hex, 'hex')]);
    const names = async (bytes: Buffer) => {
      const read = await readSheet(bytes, 'csv');
      return read.ok ? read.rows.map((r) => r[2]) : read;
    };
    // Excel's "CSV" on a Windows in Taiwan or Hong Kong (Big5)…
    expect(
      await names(
        legacy(
          '54572d312c526f626f742cc5dca7cebef7beb9a448aab1a8e30a54572d322c4361722cbbbbb1b1c1c9a8ae0a54572d332c446f6c6c2cac76abbdabbdc2a7b2b0b8cb0a',
        ),
      ),
    ).toEqual(['變形機器人玩具', '遙控賽車', '洋娃娃禮盒裝']);
    // …in Japan (Shift-JIS)…
    expect(
      await names(
        legacy(
          '4a502d312c526f626f742c95cf8c60838d837b8362836782cc82a882e082bf82e10a4a502d322c4361722c8389835783528393834a815b0a4a502d332c446f6c6c2c928582b991d682a6906c8c60835a836283670a',
        ),
      ),
    ).toEqual(['変形ロボットのおもちゃ', 'ラジコンカー', '着せ替え人形セット']);
    // …and in mainland China (GB18030), as before.
    expect(
      await names(
        legacy(
          '434e2d312c526f626f742cb1e4d0cebbfac6f7c8cbcde6bedf0a434e2d322c4361722cd2a3bfd8c8fcb3b50a434e2d332c446f6c6c2cd1f3cddecddec0f1bad0d7b00a',
        ),
      ),
    ).toEqual(['变形机器人玩具', '遥控赛车', '洋娃娃礼盒装']);
  });

  it('refuses a file that is not a spreadsheet', async () => {
    expect(
      await readSheet(Buffer.from('PK\u0003\u0004 not really a zip at all, just bytes'), 'xlsx'),
    ).toMatchObject({
      ok: false,
      code: 'zip_unreadable',
    });
  });

  it('gives each bad cell its own problem and skips empty rows', () => {
    const rows = checkRows({
      rows: [
        ['A-1', 'Car', '12.50', 'yes', '2027-02-30', 'abc'],
        ['', '', '', '', '', ''],
        ['A-1', 'Car again', '', '', '', ''],
        ['', 'No number', '', '', '', ''],
      ],
      mapping: { toy_number: 0, name_en: 1, price: 2, is_new: 3, price_valid_until: 4, carton_quantity: 5 },
      categories: [],
      factories: [],
      moneyUnit: 'USD',
    });
    expect(rows[0]).toMatchObject({
      line: 2,
      fields: { toy_number: 'A-1', 'names.en': 'Car', price: 1250, is_new: 1 },
      problems: [
        { code: 'bad_date', column: 'price_valid_until', value: '2027-02-30' },
        { code: 'not_a_number', column: 'carton_quantity', value: 'abc' },
      ],
    });
    expect(rows[1]).toMatchObject({ empty: true, problems: [{ code: 'empty_row' }] });
    expect(rows[2]?.problems).toEqual([{ code: 'duplicate_number', column: 'toy_number', value: 'A-1' }]);
    expect(rows[3]?.problems).toEqual([{ code: 'number_required', column: 'toy_number', value: '' }]);
  });

  it('reads the ordering facts: MOQ, lead time, an HS code with dots and price breaks in pieces: price', () => {
    const rows = checkRows({
      rows: [
        ['B-1', 'Kite', '48', '30', '9503.00.90', '24: 1.20; 48: $1.10'],
        ['B-2', 'Ball', '', '', '95', '48: 1.10; 24: 1.20'],
        ['B-3', 'Top', '', '', '', 'a dozen for a dollar'],
      ],
      mapping: {
        toy_number: 0,
        name_en: 1,
        min_order_quantity: 2,
        lead_time_days: 3,
        hs_code: 4,
        price_breaks: 5,
      },
      categories: [],
      factories: [],
      moneyUnit: 'USD',
    });
    expect(rows[0]).toMatchObject({
      fields: {
        min_order_quantity: 48,
        lead_time_days: 30,
        hs_code: '95030090',
        price_breaks: [
          { from: 24, price: 120 },
          { from: 48, price: 110 },
        ],
      },
      problems: [],
    });
    expect(rows[1]?.problems).toEqual([
      { code: 'bad_price_breaks', column: 'price_breaks', value: '48: 1.10; 24: 1.20' },
      { code: 'bad_hs_code', column: 'hs_code', value: '95' },
    ]);
    expect(rows[2]?.problems).toEqual([
      { code: 'bad_price_breaks', column: 'price_breaks', value: 'a dozen for a dollar' },
    ]);
  });

  it('refuses a zip bomb whole and an entry whose path leaves the zip alone', async () => {
    const bomb = await zipOf({ 'x.jpg': Buffer.alloc(4 * 1024 * 1024) }, 'DEFLATE');
    expect(await listZip({ bytes: bomb })).toMatchObject({ ok: false, code: 'zip_ratio' });
    const sneaky = await zipOf({ '../../x.jpg': await photo(1), 'A-1.jpg': await photo(2) });
    expect(await listZip({ bytes: sneaky })).toEqual({
      ok: true,
      entries: [{ name: 'A-1.jpg' }],
      problems: [{ code: 'entry_bad_path', column: 'zip', value: '../../x.jpg' }],
    });
  });

  it("writes each picture and its widths to the storage's folder itself when given it, handing back only what to record", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-extract-'));
    try {
      const path = join(dir, 'pictures.zip');
      await writeFile(path, await zipOf({ 'A-1.jpg': await photo(1), 'A-2.jpg': 'not a picture' }));
      const limits = { types: ['image/jpeg'], maxBytes: 5 * 1024 * 1024 };
      const [asBytes] = await extractPictures(path, ['A-1.jpg'], limits);
      const [written, refused] = await extractPictures(path, ['A-1.jpg', 'A-2.jpg'], limits, {
        root: join(dir, 'files'),
        companyId: 7,
      });
      await closeZip(path);
      if (!asBytes?.ok || !('bytes' in asBytes)) throw new Error('the picture as bytes expected');
      const sha256 = pictureSha(asBytes.bytes);
      expect(written).toEqual({
        name: 'A-1.jpg',
        ok: true,
        type: 'image/jpeg',
        width: 320,
        height: 240,
        stored: { sha256, size: asBytes.bytes.length },
      });
      expect(refused).toMatchObject({ ok: false, code: 'picture_not_image' });
      const disk = new LocalDiskStorage(join(dir, 'files'));
      const key = pictureKey(7, sha256, 'image/jpeg');
      expect(key).toMatch(/^c7\//);
      expect(await disk.read(key)).toEqual(Buffer.from(asBytes.bytes));
      for (const [i, width] of PICTURE_WIDTHS.entries())
        expect(await disk.read(variantKey(width, key))).toEqual(Buffer.from(asBytes.variants[i] ?? []));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the catalogue import', () => {
  let t: TestApp;
  let owner: Staff;
  let service: Staff;
  let foreign: Staff;
  /** Throws after storing the product of this line, once (a crash mid-run). */
  let crashAtLine: number | null = null;

  beforeAll(async () => {
    t = await createTestApp({
      productsPerCompany: 4,
      afterImportRowStored: (_job, line) => {
        if (line === crashAtLine) {
          crashAtLine = null;
          throw new Error('simulated crash');
        }
      },
    });
    owner = await t.staffLogin('demo', 'owner');
    service = await t.staffLogin('demo', 'service');
    foreign = await t.staffLogin('demo2', 'owner');
  });
  afterAll(() => t.close());

  const upload = async (who: Staff, type: 'text/csv' | 'application/zip', body: Buffer) => {
    const credential = await t.call('staff_get_import_upload_credential', { content_type: type }, who);
    if (credential.code !== 0) throw new Error(credential.tip);
    const sent = await t.upload(credential.data, body);
    if (sent.status !== 204) throw new Error(`upload: ${sent.status} ${sent.body?.reason}`);
    return credential.data.file_url;
  };

  const importFiles = async (sheet: Buffer, zips: Buffer[] = [], who = owner) => {
    const sheet_url = await upload(who, 'text/csv', sheet);
    const zip_urls = [];
    for (const z of zips) zip_urls.push(await upload(who, 'application/zip', z));
    const created = await t.call(
      'staff_create_import',
      { sheet_url, zip_urls, file_name: 'products.csv' },
      who,
    );
    expect(created.code, created.tip).toBe(0);
    return created.data;
  };

  const check = async (id: number, mapping: Record<string, number>, who = owner) => {
    const r = await t.call('staff_check_import', { id, mapping }, who);
    expect(r.code, r.tip).toBe(0);
    return r.data;
  };

  const runToEnd = async (id: number, who = owner) => {
    const r = await t.call('staff_run_import', { id }, who);
    expect(r.code, r.tip).toBe(0);
    await (t.app as unknown as { ready(): Promise<void> }).ready();
    for (let i = 0; i < 500; i++) {
      const got = await t.call('staff_get_import', { id, only_problems: false, page_size: 100 }, who);
      if (got.data.job.status === 'done') return got.data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the import did not finish');
  };

  const productsNumbered = (prefix: string) =>
    t.db
      .selectFrom('products')
      .select(['id', 'toy_number', 'name_en', 'exworks_price'])
      .where('toy_number', 'like', `${prefix}%`)
      .orderBy('toy_number')
      .execute();

  const sheetOf = (prefix: string, n: number, price = '9.99') =>
    csv([
      ['Item No.', 'English Name', '品名', 'Unit Price', 'Pictures'],
      ...Array.from({ length: n }, (_, i) => [
        `${prefix}-${i + 1}`,
        `Import car ${i + 1}`,
        `进口车${i + 1}`,
        price,
        '',
      ]),
    ]);

  it('plans, then creates products with their pictures; the same file again updates them instead of duplicating', async () => {
    const pictures = await zipOf({
      'RE-1.jpg': await photo(1),
      'RE-2_1.jpg': await photo(2),
      'RE-2_2.jpg': await photo(3),
    });
    const job = await importFiles(sheetOf('RE', 3), [pictures]);
    expect(job.mapping).toMatchObject({ toy_number: 0, name_en: 1, name_zh: 2, price: 3, pictures: 4 });
    const planned = await check(job.id, job.mapping);
    expect(planned).toMatchObject({
      status: 'checked',
      to_create: 3,
      to_update: 0,
      errors: 0,
      rows_total: 3,
      pictures_total: 3,
    });
    expect(await productsNumbered('RE-')).toEqual([]);

    const done = await runToEnd(job.id);
    expect(done.job).toMatchObject({ rows_done: 3, created: 3, updated: 0, pictures_done: 3 });
    const first = await productsNumbered('RE-');
    expect(first.map((p) => [p.toy_number, p.name_en])).toEqual([
      ['RE-1', 'Import car 1'],
      ['RE-2', 'Import car 2'],
      ['RE-3', 'Import car 3'],
    ]);
    const two = await t.call('staff_get_product', { id: first[1]?.id }, owner);
    expect(two.data.pictures).toHaveLength(2);
    expect(two.data.price).toBe(999);
    // Each picture re-encoded, given its WebP widths and described for image search.
    const keys = await t.db
      .selectFrom('product_pictures as pp')
      .innerJoin('files as f', 'f.id', 'pp.file_id')
      .select(['pp.id', 'f.storage_key'])
      .where('pp.product_id', '=', first[1]?.id ?? 0)
      .orderBy('pp.sort')
      .execute();
    for (const { storage_key } of keys)
      for (const width of PICTURE_WIDTHS) {
        // Made in the import's worker from one decode: WebP, at its width (never enlarged).
        const variant = await t.storage.read(variantKey(width, storage_key));
        const meta = await sharp(variant ?? Buffer.alloc(0)).metadata();
        expect([meta.format, meta.width]).toEqual(['webp', Math.min(width, 320)]);
      }
    await t.app.imageIndex.refresh();
    const features = await t.db
      .selectFrom('image_features')
      .select(['picture_id', 'error'])
      .where('product_id', '=', first[1]?.id ?? 0)
      .execute();
    expect(features.map((f) => f.picture_id).sort()).toEqual(keys.map((k) => k.id).sort());
    expect(features.map((f) => f.error)).toEqual(keys.map(() => ''));

    const again = await importFiles(sheetOf('RE', 3, '11.00'), [pictures]);
    expect(await check(again.id, again.mapping)).toMatchObject({ to_create: 0, to_update: 3 });
    expect((await runToEnd(again.id)).job).toMatchObject({ created: 0, updated: 3 });
    const second = await productsNumbered('RE-');
    expect(second.map((p) => p.id)).toEqual(first.map((p) => p.id));
    expect(second.map((p) => Number(p.exworks_price))).toEqual([11, 11, 11]);
    expect((await t.call('staff_get_product', { id: first[1]?.id }, owner)).data.pictures).toHaveLength(2);
  }, 120_000);

  it("matches a picture by its own number only: QA-10.jpg is not QA-1's", async () => {
    const { pictureIndex } = await import('./import.service');
    const find = pictureIndex([
      {
        entries: [
          { name: 'QA-1.jpg' },
          { name: 'QA-10.jpg' },
          { name: 'x/QA-1_2.jpg' },
          { name: 'QA-1 (3).png' },
        ],
      },
    ]);
    expect(find(['QA-1']).map((r) => r.name)).toEqual(['QA-1.jpg', 'x/QA-1_2.jpg', 'QA-1 (3).png']);
    expect(find(['qa-10']).map((r) => r.name)).toEqual(['QA-10.jpg']);
  });

  it('resumes a run that crashed mid-way with nothing lost or doubled', async () => {
    const job = await importFiles(sheetOf('CR', 6));
    await check(job.id, job.mapping);
    crashAtLine = 4; // the third row's product is stored, then the run dies before marking it
    expect((await t.call('staff_run_import', { id: job.id }, owner)).code).toBe(0);
    for (let i = 0; i < 200 && crashAtLine !== null; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    const stopped = await t.call('staff_get_import', { id: job.id }, owner);
    expect(stopped.data.job).toMatchObject({ status: 'running', rows_done: 2 });
    // Its lease has not run out: running it again now does not start a second run.
    expect((await t.call('staff_run_import', { id: job.id }, owner)).data.rows_done).toBe(2);
    t.clock.advance(61_000);
    const done = await runToEnd(job.id);
    expect(done.job).toMatchObject({ rows_done: 6, created: 6, errors: 0 });
    expect((await productsNumbered('CR-')).map((p) => p.toy_number)).toEqual([
      'CR-1',
      'CR-2',
      'CR-3',
      'CR-4',
      'CR-5',
      'CR-6',
    ]);
  });

  it('lists per-row problems and stores only the good rows', async () => {
    const sheet = csv([
      ['Item No.', 'English Name', 'Unit Price', 'Qty/Ctn', 'Pictures'],
      ['BAD-1', 'Good one', '1.00', '12', 'BAD-1.jpg'],
      ['', '', '', '', ''],
      ['BAD-2', 'Bad price', 'ten', '12', ''],
      ['BAD-3', '', '1.00', '12', ''],
      ['BAD-4', 'Not a picture', '1.00', '12', 'BAD-4.jpg'],
      ['BAD-5', 'Missing picture', '1.00', '12', 'nowhere.jpg'],
      ['BAD-6', 'Broken picture', '1.00', '12', 'BAD-6.jpg'],
    ]);
    const pictures = await zipOf({
      'BAD-1.jpg': await photo(5),
      'BAD-4.jpg': 'this is text, not a picture',
      // Starts as a JPEG, but its header is cut short.
      'BAD-6.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
      '../../x.jpg': await photo(6),
    });
    const job = await importFiles(sheet, [pictures]);
    const planned = await check(job.id, job.mapping);
    expect(planned).toMatchObject({ to_create: 4, errors: 2, pictures_total: 1 });
    expect(planned.file_problems).toContainEqual({
      code: 'entry_bad_path',
      column: 'zip 1',
      value: '../../x.jpg',
    });
    // The dry run names the files that are no picture already, on their rows.
    const plan = await t.call('staff_get_import', { id: job.id, only_problems: true, page_size: 100 }, owner);
    const planByLine = Object.fromEntries(plan.data.rows.map((r) => [r.line, r]));
    expect(planByLine[6]).toMatchObject({
      status: 'pending',
      problems: [{ code: 'picture_not_image', column: 'pictures', value: 'BAD-4.jpg' }],
    });
    expect(planByLine[8]).toMatchObject({
      status: 'pending',
      problems: [{ code: 'picture_not_image', column: 'pictures', value: 'BAD-6.jpg' }],
    });
    const done = await runToEnd(job.id);
    const byLine = Object.fromEntries(done.rows.map((r) => [r.line, r]));
    expect(byLine[3]).toMatchObject({ status: 'skipped', problems: [{ code: 'empty_row' }] });
    expect(byLine[4]).toMatchObject({
      status: 'error',
      problems: [{ code: 'not_a_number', column: 'price', value: 'ten' }],
    });
    expect(byLine[5]).toMatchObject({ status: 'error', problems: [{ code: 'name_required' }] });
    expect(byLine[6]).toMatchObject({
      status: 'done',
      problems: [{ code: 'picture_not_image', value: 'BAD-4.jpg' }],
    });
    expect(byLine[7]).toMatchObject({
      status: 'done',
      problems: [{ code: 'picture_missing', value: 'nowhere.jpg' }],
    });
    expect(byLine[8]).toMatchObject({
      status: 'done',
      problems: [{ code: 'picture_not_image', value: 'BAD-6.jpg' }],
    });
    expect((await productsNumbered('BAD-')).map((p) => p.toy_number)).toEqual([
      'BAD-1',
      'BAD-4',
      'BAD-5',
      'BAD-6',
    ]);
    const four = (await productsNumbered('BAD-4'))[0];
    expect((await t.call('staff_get_product', { id: four?.id }, owner)).data.pictures).toEqual([]);
    // Nothing of the file outside the zip was ever written.
    const files = await t.db.selectFrom('files').select('storage_key').execute();
    expect(files.some((f) => f.storage_key.includes('..'))).toBe(false);
  });

  it('refuses a spreadsheet without a number column and a zip bomb, storing nothing', async () => {
    const bomb = await zipOf({ 'W-1.jpg': Buffer.alloc(4 * 1024 * 1024) }, 'DEFLATE');
    const job = await importFiles(
      csv([
        ['Colour', 'Size'],
        ['red', 'L'],
      ]),
      [bomb],
    );
    expect(job.mapping).toEqual({});
    const planned = await check(job.id, {});
    expect(planned.file_problems.map((p) => p.code)).toEqual([
      'no_number_column',
      'no_name_column',
      'zip_ratio',
    ]);
    const run = await t.call('staff_run_import', { id: job.id }, owner);
    expect(run.code).toBe(ErrorCode.FAILED);
  });

  it('is for owner and sales only, and for the company that uploaded', async () => {
    expect(
      (await t.call('staff_get_import_upload_credential', { content_type: 'text/csv' }, service)).code,
    ).toBe(ErrorCode.FORBIDDEN);
    const job = await importFiles(sheetOf('SC', 1));
    for (const call of ['staff_get_import', 'staff_run_import'] as const)
      expect((await t.call(call, { id: job.id }, foreign)).code).toBe(ErrorCode.FAILED);
    expect((await t.call('staff_check_import', { id: job.id, mapping: {} }, foreign)).code).toBe(
      ErrorCode.FAILED,
    );
    expect((await t.call('staff_list_imports', {}, foreign)).data.list.map((j) => j.id)).not.toContain(
      job.id,
    );
    // Another company's upload cannot be imported.
    const theirs = await upload(foreign, 'text/csv', sheetOf('SC', 1));
    expect((await t.call('staff_create_import', { sheet_url: theirs }, owner)).code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });

  it('answers a template with a column per field and per language', async () => {
    const r = await t.call('staff_get_import_template', {}, owner);
    expect(r.code).toBe(0);
    const key = t.storage.keyOfUrl(r.data.url);
    const bytes = key ? await t.storage.read(key) : null;
    const read = await readSheet(bytes ?? Buffer.alloc(0), 'xlsx');
    expect(read.ok && read.headers.length).toBe(IMPORT_COLUMNS.length);
    expect(read.ok && guessMapping(read.headers)).toEqual(
      Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c.key, i])),
    );
  });
});

describe('the catalogue import beside buyers (decision 0070)', () => {
  let t: TestApp;
  let owner: Staff;
  /** Calls the rows give way to: set by each test. */
  let inHand = 0;
  const pace = { maxWaitMs: 60_000, checkEveryMs: 1 };

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 2, importCallsInHand: () => inHand, importPace: pace });
    owner = await t.staffLogin('demo', 'owner');
  });
  afterAll(() => t.close());

  const started = async (prefix: string, n: number) => {
    const credential = await t.call(
      'staff_get_import_upload_credential',
      { content_type: 'text/csv' },
      owner,
    );
    const sent = await t.upload(
      credential.data,
      csv([
        ['Item No.', 'English Name'],
        ...Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}`, `Paced car ${i + 1}`]),
      ]),
    );
    expect(sent.status).toBe(204);
    const job = await t.call(
      'staff_create_import',
      { sheet_url: credential.data.file_url, zip_urls: [], file_name: 'paced.csv' },
      owner,
    );
    expect(
      (await t.call('staff_check_import', { id: job.data.id, mapping: job.data.mapping }, owner)).code,
    ).toBe(0);
    expect((await t.call('staff_run_import', { id: job.data.id }, owner)).code).toBe(0);
    return job.data.id;
  };

  const finished = async (id: number) => {
    for (let i = 0; i < 500; i++) {
      const got = await t.call('staff_get_import', { id }, owner);
      if (got.data.job.status === 'done') return got.data.job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the import did not finish');
  };

  it('stores no row while a call is being answered, and goes on once it is', async () => {
    inHand = 1;
    const id = await started('PW', 3);
    // The run has had many turns of the event loop meanwhile, and gave way in each.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await t.call('staff_get_import', { id }, owner)).data.job.rows_done).toBe(0);
    inHand = 0;
    expect(await finished(id)).toMatchObject({ rows_done: 3, created: 3, errors: 0 });
  });

  it('still finishes when buyers never stop calling, each row having waited its bounded time', async () => {
    inHand = 1;
    pace.maxWaitMs = 2;
    const id = await started('PN', 4);
    expect(await finished(id)).toMatchObject({ rows_done: 4, created: 4, errors: 0 });
    const stored = await t.db
      .selectFrom('products')
      .select('toy_number')
      .where('toy_number', 'like', 'PN-%')
      .execute();
    expect(stored.map((p) => p.toy_number).sort()).toEqual(['PN-1', 'PN-2', 'PN-3', 'PN-4']);
  });
});

describe('the catalogue import on a storage its worker does not write (S3)', () => {
  let t: TestApp;
  let owner: Staff;

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 1, importWorkerWritesPictures: false });
    owner = await t.staffLogin('demo', 'owner');
  });
  afterAll(() => t.close());

  const uploaded = async (type: 'text/csv' | 'application/zip', body: Buffer) => {
    const credential = await t.call('staff_get_import_upload_credential', { content_type: type }, owner);
    expect((await t.upload(credential.data, body)).status).toBe(204);
    return credential.data.file_url;
  };

  it('stores the pictures handed back, with their widths, as the worker would have', async () => {
    const sheet_url = await uploaded(
      'text/csv',
      csv([
        ['Item No.', 'English Name'],
        ['S3-1', 'Remote car'],
      ]),
    );
    const zip_url = await uploaded(
      'application/zip',
      await zipOf({ 'S3-1_1.jpg': await photo(8), 'S3-1_2.jpg': await photo(9) }),
    );
    const job = await t.call(
      'staff_create_import',
      { sheet_url, zip_urls: [zip_url], file_name: 's3.csv' },
      owner,
    );
    expect(
      (await t.call('staff_check_import', { id: job.data.id, mapping: job.data.mapping }, owner)).code,
    ).toBe(0);
    expect((await t.call('staff_run_import', { id: job.data.id }, owner)).code).toBe(0);
    let done = null;
    for (let i = 0; i < 500 && !done; i++) {
      const got = await t.call('staff_get_import', { id: job.data.id }, owner);
      if (got.data.job.status === 'done') done = got.data.job;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(done).toMatchObject({ rows_done: 1, created: 1, pictures_done: 2, errors: 0 });
    const files = await t.db
      .selectFrom('product_pictures as pp')
      .innerJoin('files as f', 'f.id', 'pp.file_id')
      .innerJoin('products as p', 'p.id', 'pp.product_id')
      .select(['f.storage_key', 'f.size', 'f.sha256'])
      .where('p.toy_number', '=', 'S3-1')
      .orderBy('pp.sort')
      .execute();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const bytes = await t.storage.read(file.storage_key);
      expect(bytes && [pictureSha(bytes), bytes.length]).toEqual([file.sha256, Number(file.size)]);
      for (const width of PICTURE_WIDTHS)
        expect(await t.storage.exists(variantKey(width, file.storage_key))).toBe(true);
    }
  }, 60_000);
});
