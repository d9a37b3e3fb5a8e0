import {
  type CertificateFields,
  certificateFields,
  ErrorCode,
  LANG_KEYS,
  type LangKey,
} from '@vitrine/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;
const AR = 11201005;
const FR = 11201008;
const ZH = 11201001;
const DAY = 86_400_000;
type Staff = { token: string; website: number };

const png = (background: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

const blankTexts = () => Object.fromEntries(LANG_KEYS.map((k) => [k, ''])) as Record<LangKey, string>;

describe('certificates, factory inspections and about us kept in the console', () => {
  let t: TestApp;
  let owner: Staff;
  let sales: Staff;
  let service: Staff;
  let foreign: Staff;
  let buyer: Awaited<ReturnType<TestApp['login']>>;
  let factoryId: number;
  let foreignFactoryId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.staffLogin('demo', 'owner');
    sales = await t.staffLogin('demo', 'sales');
    service = await t.staffLogin('demo', 'service');
    foreign = await t.staffLogin('demo2', 'owner');
    buyer = await t.login('demo', 'customer');
    const factories = async (who: Staff) =>
      (await must(t.call('staff_list_product_options', {}, who))).factories;
    factoryId = (await factories(sales))[0]?.id ?? 0;
    foreignFactoryId = (await factories(foreign))[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  const must = async <T>(p: Promise<{ code: number; tip: string; data: T }>): Promise<T> => {
    const r = await p;
    if (r.code !== 0) throw new Error(r.tip);
    return r.data;
  };
  const upload = async (who: Staff, colour: string) => {
    const credential = await t.call('staff_get_upload_credential', { content_type: 'image/png' }, who);
    const sent = await t.upload(credential.data, await png(colour));
    if (sent.status !== 204) throw new Error(`upload: ${sent.status}`);
    return credential.data.file_url;
  };
  const save = (who: Staff, fields: Partial<CertificateFields>, id?: number, updated_at?: number) =>
    t.call(
      'staff_save_certificate',
      {
        id,
        updated_at,
        certificate: certificateFields.parse({ kind: 'certificate', name_en: 'EN71 report', ...fields }),
        lang: EN,
      },
      who,
    );
  const buyersSee = async (kind: 'certificate' | 'inspection', lang = EN) =>
    must(t.call('get_certification', { kind, lang }, buyer));

  describe('certificates and inspections', () => {
    it('saves a certificate with its pictures in order, re-encoded, and buyers see it at once', async () => {
      const [first, second] = [await upload(sales, '#2181ed'), await upload(sales, '#ff8b17')];
      const now = t.clock.now();
      const made = await must(
        save(sales, {
          name: 'EN71 测试报告',
          issuer: 'SGS',
          number: 'SGS-2026-1',
          pictures: [second, first],
          valid_from: now - DAY,
          valid_until: now + 365 * DAY,
        }),
      );
      expect(made).toMatchObject({ kind: 'certificate', factory_id: null, issuer: 'SGS', expired: false });
      expect(made.pictures).toHaveLength(2);
      for (const p of made.pictures) expect(p).toMatch(/\/c\d+\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      const list = (await must(t.call('staff_list_certificates', { kind: 'certificate' }, service))).list;
      expect(list.at(-1)?.id).toBe(made.id);

      const shown = (await buyersSee('certificate')).find((c) => c.id === made.id);
      expect(shown).toMatchObject({
        name: 'EN71 report',
        picture: made.pictures[0],
        pictures: made.pictures,
        valid_from: now - DAY,
        valid_until: now + 365 * DAY,
      });
      // Chinese buyers read the Chinese name.
      const zh = (await must(t.call('get_certification', { kind: 'certificate', lang: ZH }, buyer))).find(
        (c) => c.id === made.id,
      );
      expect(zh?.name).toBe('EN71 测试报告');

      // Kept pictures are not stored again: reordering them is a save of the same URLs.
      const reordered = await must(
        save(
          sales,
          { name_en: 'EN71 report', pictures: [...made.pictures].reverse() },
          made.id,
          made.updated_at,
        ),
      );
      expect(reordered.pictures).toEqual([...made.pictures].reverse());
      expect((await buyersSee('certificate')).find((c) => c.id === made.id)?.picture).toBe(made.pictures[1]);
    });

    it('refuses a picture that is not an upload, and dates that end before they start', async () => {
      expect((await save(sales, { pictures: ['https://elsewhere.example/x.png'] })).code).toBe(
        ErrorCode.BAD_REQUEST,
      );
      const backwards = await t.call(
        'staff_save_certificate',
        { certificate: { kind: 'certificate', name_en: 'X', valid_from: 2000, valid_until: 1000 } },
        sales,
      );
      expect(backwards.code).toBe(ErrorCode.BAD_REQUEST);
    });

    it('saves an inspection of one of the company’s factories only, in its own order', async () => {
      const noFactory = await t.call(
        'staff_save_certificate',
        { certificate: { kind: 'inspection', name_en: 'BSCI audit' } },
        sales,
      );
      expect(noFactory.code).toBe(ErrorCode.BAD_REQUEST);
      const theirs = await save(sales, { kind: 'inspection', factory_id: foreignFactoryId });
      expect(theirs.code).toBe(ErrorCode.BAD_REQUEST);

      const made = await must(
        save(sales, { kind: 'inspection', name_en: 'BSCI audit', factory_id: factoryId }),
      );
      expect(made.factory_name).not.toBe('');
      const shown = (await buyersSee('inspection', AR)).find((c) => c.id === made.id);
      expect(shown).toMatchObject({ name: 'BSCI audit', factory: expect.any(String) });
      expect((await buyersSee('certificate')).map((c) => c.id)).not.toContain(made.id);

      const ids = (await must(t.call('staff_list_certificates', { kind: 'inspection' }, sales))).list.map(
        (c) => c.id,
      );
      await must(t.call('staff_order_content', { kind: 'certificate', ids: [...ids].reverse() }, sales));
      expect((await buyersSee('inspection')).map((c) => c.id)).toEqual([...ids].reverse());
      // Certificates and inspections are not ordered together.
      const oneOfEach = [ids[0] ?? 0, (await buyersSee('certificate'))[0]?.id ?? 0];
      expect((await t.call('staff_order_content', { kind: 'certificate', ids: oneOfEach }, sales)).code).toBe(
        ErrorCode.BAD_REQUEST,
      );
    });

    it('keeps showing an expired certificate to buyers, which the console marks expired', async () => {
      const made = await must(
        save(owner, { name_en: 'Old CE declaration', valid_until: t.clock.now() + DAY }),
      );
      t.clock.advance(2 * DAY);
      const listed = (await must(t.call('staff_list_certificates', { kind: 'certificate' }, owner))).list;
      expect(listed.find((c) => c.id === made.id)?.expired).toBe(true);
      const shown = (await buyersSee('certificate')).find((c) => c.id === made.id);
      expect(shown?.valid_until).toBe(made.valid_until);
    });

    it('refuses a stale save, and deletes one so buyers no longer see it', async () => {
      const made = await must(save(sales, { name_en: 'CPC' }));
      await must(save(owner, { name_en: 'CPC (2026)' }, made.id, made.updated_at));
      expect((await save(sales, { name_en: 'CPC (old)' }, made.id, made.updated_at)).code).toBe(
        ErrorCode.CONFLICT,
      );
      expect((await buyersSee('certificate')).find((c) => c.id === made.id)?.name).toBe('CPC (2026)');
      await must(t.call('staff_delete_content', { kind: 'certificate', id: made.id }, sales));
      expect((await buyersSee('certificate')).map((c) => c.id)).not.toContain(made.id);
    });
  });

  describe('about us', () => {
    it('saves the text per language; buyers read theirs at once, else English', async () => {
      const read = await must(t.call('staff_get_about', {}, service));
      expect(read.show_about_us).toBe(1);
      const texts = {
        ...blankTexts(),
        en: 'We make toys.\r\n\r\nSince 1998.',
        fr: 'Nous faisons des jouets.',
      };
      const saved = await must(t.call('staff_save_about', { texts, updated_at: read.updated_at }, sales));
      expect(saved.texts).toMatchObject({
        en: 'We make toys.\n\nSince 1998.',
        fr: 'Nous faisons des jouets.',
        de: '',
      });
      expect(saved.updated_at).toBeGreaterThan(read.updated_at);

      const fr = await must(t.call('get_company_info', { lang: FR }, buyer));
      expect(fr.about).toMatchObject({ lang: 'fr', body: 'Nous faisons des jouets.' });
      // Arabic has no text: English is read.
      const ar = await must(t.call('get_company_info', { lang: AR }, buyer));
      expect(ar.about).toMatchObject({ lang: 'en', body: 'We make toys.\n\nSince 1998.' });

      const stale = await t.call('staff_save_about', { texts, updated_at: read.updated_at }, owner);
      expect(stale.code).toBe(ErrorCode.CONFLICT);
    });
  });

  describe('roles and scoping', () => {
    it('lets a service user read but not write', async () => {
      expect((await t.call('staff_list_certificates', { kind: 'inspection' }, service)).code).toBe(0);
      const about = await must(t.call('staff_get_about', {}, service));
      const writes = [
        save(service, {}),
        t.call('staff_save_about', { texts: blankTexts(), updated_at: about.updated_at }, service),
        t.call('staff_delete_content', { kind: 'certificate', id: 1 }, service),
      ];
      for (const r of await Promise.all(writes)) expect(r.code).toBe(ErrorCode.FORBIDDEN);
    });

    it('refuses another company’s certificates by id, and keeps each company’s about text its own', async () => {
      const theirs = (await must(t.call('staff_list_certificates', { kind: 'certificate' }, foreign))).list;
      const id = theirs[0]?.id ?? 0;
      expect(id).toBeGreaterThan(0);
      const ours = (await must(t.call('staff_list_certificates', { kind: 'certificate' }, owner))).list;
      expect(ours.map((c) => c.id)).not.toContain(id);
      expect((await save(owner, { name_en: 'Taken' }, id, theirs[0]?.updated_at)).code).toBe(
        ErrorCode.FAILED,
      );
      expect((await t.call('staff_delete_content', { kind: 'certificate', id }, owner)).code).toBe(
        ErrorCode.FAILED,
      );
      expect((await t.call('staff_order_content', { kind: 'certificate', ids: [id] }, owner)).code).toBe(
        ErrorCode.FAILED,
      );
      expect((await must(t.call('staff_list_certificates', { kind: 'certificate' }, foreign))).list).toEqual(
        theirs,
      );

      const mine = await must(t.call('staff_get_about', {}, owner));
      const before = await must(t.call('staff_get_about', {}, foreign));
      await must(
        t.call(
          'staff_save_about',
          { texts: { ...blankTexts(), en: 'Ours only' }, updated_at: mine.updated_at },
          owner,
        ),
      );
      expect(await must(t.call('staff_get_about', {}, foreign))).toEqual(before);
    });

    it('audits a certificate’s save with what it changed', async () => {
      const made = await must(save(owner, { name_en: 'Audited report' }));
      const entry = await t.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('target', '=', `certificate:${made.id}`)
        .executeTakeFirstOrThrow();
      expect(entry.action).toBe('staff_save_certificate');
      expect(JSON.parse(entry.after ?? '{}')).toMatchObject({ name_en: 'Audited report' });
    });
  });
});
