import { ErrorCode, LANGUAGES } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { displayAddress } from './company.service';

const ZH = 11201001;
const EN = 11201002;
const AR = 11201005;
const HE = 11201006;

describe('contact_us', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the company’s contact records with the English address in English mode', async () => {
    const { token, website } = await t.login('demo', 'visitor');
    const r = await t.call('contact_us', { lang: EN }, { website, token });
    expect(r.code).toBe(0);
    expect(r.data.contacts).toHaveLength(1);
    expect(r.data.contacts[0]).toMatchObject({
      company_contact: 'Lily Chen',
      company_email: 'sales@starlight-toys.example',
      address: expect.stringContaining('Shantou'),
    });
  });

  it('answers the Chinese address in Chinese mode', async () => {
    const { token, website } = await t.login('demo', 'visitor');
    const r = await t.call('contact_us', { lang: ZH }, { website, token });
    expect(r.data.contacts[0]?.address).toContain('汕头');
  });

  it('keeps the other company’s contacts out', async () => {
    const { token, website } = await t.login('demo2', 'visitor');
    const r = await t.call('contact_us', {}, { website, token });
    expect(r.data.contacts.map((c) => c.company_contact)).toEqual(['Kevin Wang']);
  });

  it('refuses when the contact function is off', async () => {
    const { token, website } = await t.login('demo2', 'visitor');
    await t.db.updateTable('websites').set({ show_contact: 0 }).where('id', '=', website).execute();
    const r = await t.call('contact_us', { lang: EN }, { website, token });
    expect(r).toMatchObject({ code: ErrorCode.FAILED, tip: 'This page is not available on this showroom' });
    await t.db.updateTable('websites').set({ show_contact: 1 }).where('id', '=', website).execute();
  });

  it('needs a session', async () => {
    const website = await t.siteId('demo');
    expect((await t.call('contact_us', {}, { website })).code).toBe(-2);
  });
});

describe('get_company_info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers names, logo and the about text in the request’s language', async () => {
    const { token, website } = await t.login('demo2', 'visitor');
    const r = await t.call('get_company_info', { lang: AR }, { website, token });
    expect(r.data).toMatchObject({
      company_name_en: 'Desert Rose Toys Trading Co., Ltd.',
      about: { lang: 'ar' },
    });
    expect(r.data.about?.body).toMatch(/[\u0600-\u06ff]/);
  });

  it('falls back to English, then Chinese, then any language written, saying which', async () => {
    const { token, website } = await t.login('demo', 'visitor');
    const about = async () =>
      (await t.call('get_company_info', { lang: HE }, { website, token })).data.about?.lang;
    expect(await about()).toBe('en');
    const company = await t.db
      .selectFrom('websites')
      .select('company_id')
      .where('id', '=', website)
      .executeTakeFirstOrThrow();
    const drop = (lang: string) =>
      t.db
        .deleteFrom('company_texts')
        .where('company_id', '=', company.company_id)
        .where('kind', '=', 'about')
        .where('lang', '=', lang)
        .execute();
    await drop('en');
    expect(await about()).toBe('zh');
    await drop('zh');
    // Any other written: the first in the languages' order that has a text (here Arabic).
    const left = await t.db
      .selectFrom('company_texts')
      .select('lang')
      .where('company_id', '=', company.company_id)
      .where('kind', '=', 'about')
      .execute();
    const first = LANGUAGES.find((l) => left.some((x) => x.lang === l.key))?.key;
    expect(first).toBeDefined();
    expect(await about()).toBe(first);
  });

  it('leaves the about text out when the about function is off', async () => {
    const { token, website } = await t.login('demo', 'visitor');
    await t.db.updateTable('websites').set({ show_about_us: 0 }).where('id', '=', website).execute();
    const r = await t.call('get_company_info', {}, { website, token });
    expect(r.data.about).toBeNull();
  });
});

describe('the address shown', () => {
  const c = { company_address: '汕头市', company_address_en: 'Shantou' };
  const [zh, en] = LANGUAGES;

  it('follows the language when contact_type is 0', () => {
    expect(displayAddress(c, 0, zh)).toBe('汕头市');
    expect(displayAddress(c, 0, en)).toBe('Shantou');
  });

  it('is always Chinese for contact_type 1 and always English for 2', () => {
    expect(displayAddress(c, 1, en)).toBe('汕头市');
    expect(displayAddress(c, 2, zh)).toBe('Shantou');
  });

  it('falls back to the other address when the chosen one is empty', () => {
    expect(displayAddress({ company_address: '汕头市', company_address_en: ' ' }, 2, en)).toBe('汕头市');
  });
});
