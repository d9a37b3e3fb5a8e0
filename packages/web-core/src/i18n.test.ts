import { describe, expect, it, vi } from 'vitest';
import { createAppI18n } from './i18n';
import { lang } from './test/lang';

const [en, de, ar] = [lang('en'), lang('de'), lang('ar')];

/** A loader whose answers the test releases, one language at a time. */
function controlledLoader() {
  const waiting = new Map<string, () => void>();
  const load = vi.fn(
    (key: string) =>
      new Promise<Record<string, string>>((resolve) =>
        waiting.set(key, () => resolve({ hello: `hello in ${key}` })),
      ),
  );
  const release = (key: string) => waiting.get(key)?.();
  return { load, release };
}

describe('an app i18n', () => {
  it('shows one language at a time, loaded on demand, and applies it to the page', async () => {
    const apply = vi.fn();
    const app = createAppI18n({ load: async (key) => ({ hello: `hello in ${key}` }), apply });
    expect(app.activeLanguage()).toBeUndefined();

    await app.setLanguage(en);
    expect(app.i18n.t('hello')).toBe('hello in en');
    expect(app.activeLanguage()).toBe(en);
    expect(apply).toHaveBeenLastCalledWith(en);

    await app.setLanguage(de);
    expect(app.i18n.t('hello')).toBe('hello in de');
    expect(app.i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(apply).toHaveBeenLastCalledWith(de);
  });

  it('loads nothing again for the language on screen', async () => {
    const load = vi.fn(async (key: string) => ({ hello: key }));
    const app = createAppI18n({ load, apply: () => {} });
    await app.setLanguage(ar);
    await app.setLanguage(ar);
    expect(load).toHaveBeenCalledTimes(1);
    expect(app.i18n.t('hello')).toBe('ar');
  });

  it('lets the last of overlapping calls win', async () => {
    const { load, release } = controlledLoader();
    const apply = vi.fn();
    const app = createAppI18n({ load, apply });
    const first = app.setLanguage(de);
    const second = app.setLanguage(ar);
    release('ar');
    await second;
    release('de');
    await first;
    expect(app.activeLanguage()).toBe(ar);
    expect(app.i18n.t('hello')).toBe('hello in ar');
    expect(apply).toHaveBeenCalledExactlyOnceWith(ar);
  });

  it('hands its plugins and options to i18next', async () => {
    const plugin = { type: '3rdParty' as const, init: vi.fn() };
    const app = createAppI18n({
      load: async () => ({ a: { b: 'nested' } }),
      plugins: [plugin],
      options: { keySeparator: '/' },
      apply: () => {},
    });
    await app.setLanguage(en);
    expect(plugin.init).toHaveBeenCalledWith(app.i18n);
    expect(app.i18n.t('a/b')).toBe('nested');
  });

  it('counts the new language as active by the time i18next tells its listeners', async () => {
    const app = createAppI18n({ load: async (key) => ({ hello: key }), apply: () => {} });
    await app.setLanguage(ar);
    const seen: (string | undefined)[] = [];
    app.i18n.on('languageChanged', () => seen.push(app.activeLanguage()?.key));
    await app.setLanguage(en);
    expect(seen).toEqual(['en']);
  });
});

describe("an app i18n's later messages", () => {
  const load = async (key: string) => ({ web: { home: `home in ${key}` } });
  const loadLate = vi.fn(async (key: string) => ({ web: { cart: `cart in ${key}` } }));

  it('are not loaded with a language, only once a page asks for them, and then merged in', async () => {
    loadLate.mockClear();
    const app = createAppI18n({ load, loadLate, apply: () => {} });
    await app.setLanguage(en);
    expect(loadLate).not.toHaveBeenCalled();
    expect(app.i18n.exists('web.cart')).toBe(false);

    await app.ensureLate();
    expect(app.i18n.t('web.cart')).toBe('cart in en');
    expect(app.i18n.t('web.home')).toBe('home in en');
    await app.ensureLate();
    expect(loadLate).toHaveBeenCalledTimes(1);
  });

  it('come with every later language once asked for, without a moment of missing keys', async () => {
    const app = createAppI18n({ load, loadLate, apply: () => {} });
    await app.setLanguage(en);
    await app.ensureLate();
    await app.setLanguage(de);
    expect(app.i18n.t('web.cart')).toBe('cart in de');
    expect(app.i18n.t('web.home')).toBe('home in de');
  });

  it('wait for the first language when asked for before it has arrived', async () => {
    const { load: slow, release } = controlledLoader();
    const app = createAppI18n({ load: slow, loadLate, apply: () => {} });
    const started = app.setLanguage(ar);
    const late = app.ensureLate();
    release('ar');
    await Promise.all([started, late]);
    expect(app.i18n.t('web.cart')).toBe('cart in ar');
    expect(app.i18n.t('hello')).toBe('hello in ar');
  });
});
