import '../test/dom';
import { languageByKey } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import { resolveLanguage } from './language';
import * as storage from './storage';
import { companyName } from './company';

const lang = (key: string) => {
  const l = languageByKey(key);
  if (!l) throw new Error(key);
  return l;
};

describe('which language shows', () => {
  it('is the stored choice first', () => {
    storage.setLanguage(lang('he'));
    expect(resolveLanguage(11201005).key).toBe('he');
  });

  it("is else the website's default language", () => {
    expect(resolveLanguage(11201005).key).toBe('ar');
  });

  it("is else the browser's language, else English", () => {
    vi.stubGlobal('navigator', { languages: ['pt-BR', 'en'], language: 'pt-BR' });
    expect(resolveLanguage(undefined).key).toBe('pt');
    vi.stubGlobal('navigator', { languages: ['sw-KE'], language: 'sw-KE' });
    expect(resolveLanguage(undefined).key).toBe('en');
  });
});

describe('the company name', () => {
  const site = { company_name: '星辉玩具', company_name_en: 'Starlight Toys' };
  it('is Chinese in Chinese and English in every other language', () => {
    expect(companyName(site, lang('zh'))).toBe('星辉玩具');
    expect(companyName(site, lang('ar'))).toBe('Starlight Toys');
    expect(companyName(site, lang('de'))).toBe('Starlight Toys');
  });
  it('falls back to the other name when one is empty', () => {
    expect(companyName({ company_name: '星辉玩具', company_name_en: ' ' }, lang('en'))).toBe('星辉玩具');
  });
});
