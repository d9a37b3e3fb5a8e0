import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage, browserLanguage } from './language';
import { lang } from './test/lang';

describe("the browser's language", () => {
  it('is the first preferred tag the apps speak', () => {
    expect(browserLanguage(['sw-KE', 'pt-BR', 'en'])?.key).toBe('pt');
    expect(browserLanguage(['sw-KE', ''])).toBeUndefined();
  });

  it('understands older and regional browser tags', () => {
    expect(browserLanguage(['iw'])?.key).toBe('he');
    expect(browserLanguage(['zh-TW'])?.key).toBe('zh');
    expect(browserLanguage(['tl-PH'])?.key).toBe('fil');
  });
});

describe('the page language', () => {
  it('sets <html lang> and the direction, right to left for Arabic and Hebrew', () => {
    const root = { lang: '', dir: '' } as HTMLElement;
    applyDocumentLanguage(lang('ar'), root);
    expect(root).toMatchObject({ lang: lang('ar').htmlLang, dir: 'rtl' });
    applyDocumentLanguage(lang('de'), root);
    expect(root).toMatchObject({ lang: lang('de').htmlLang, dir: 'ltr' });
  });
});
