import '../test/dom';
import { ErrorCode, languageByKey } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_BANNERS } from '../features/catalog/home/banner-picture';
import { setApiHooks } from '../lib/api-client';
import { takeEarlyCall } from '../lib/early-calls';
import * as storage from '../lib/storage';
import { fail, mockApi, ok } from '../test/api-mock';
import { demoSite } from '../test/fixtures';
import { boot, cssString } from './boot';

const arabic = languageByKey('ar');
const english = languageByKey('en');
if (!arabic || !english) throw new Error('languages missing');

const LOCALES = { ar: '/pc/assets/ar-1.js', en: '/pc/assets/en-1.js' };
const localePreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
    l.getAttribute('href'),
  );
const imagePreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) =>
    l.getAttribute('href'),
  );

beforeEach(() => {
  document.head.innerHTML = '';
  document.title = 'Showroom';
  document.documentElement.removeAttribute('style');
  window.history.replaceState(null, '', '/somewhere');
});

afterEach(() => {
  storage.clearSite();
});

describe('the head script', () => {
  it("puts the buyer's language and direction on the page and preloads that locale only", () => {
    storage.setLanguage(arabic);
    boot(LOCALES);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localePreloads()).toEqual(['/pc/assets/ar-1.js']);
  });

  it('names the company on the splash and in the tab for a returning visitor', () => {
    storage.setSite(demoSite);
    storage.setLanguage(english);
    boot(LOCALES);
    expect(document.title).toBe(demoSite.company_name_en);
    expect(document.documentElement.style.getPropertyValue('--boot-name')).toBe(
      cssString(demoSite.company_name_en),
    );
  });

  it('leaves the splash plain and asks nothing when no website is stored', () => {
    const api = mockApi({});
    window.history.replaceState(null, '', '/home');
    boot(LOCALES);
    expect(document.documentElement.style.getPropertyValue('--boot-name')).toBe('');
    expect(document.title).toBe('Showroom');
    expect(api.calls).toEqual([]);
  });

  it("asks for /home's banners at once, preloads the first picture, and the app takes that answer", async () => {
    storage.setSite(demoSite);
    storage.setLanguage(english);
    const banners = [{ id: 1, picture: '/files/ab/cd/banner.jpg' }];
    const api = mockApi({ get_advert: () => ok(banners) });
    window.history.replaceState(null, '', '/Home/');
    boot(LOCALES);
    expect(api.named('get_advert')).toHaveLength(1);
    expect(api.calls[0]?.headers).toMatchObject({
      'Website-ID': String(demoSite.id),
      'Content-Type': 'application/json',
    });
    await vi.waitFor(() => expect(imagePreloads()).toEqual(['/img/800/ab/cd/banner.jpg.webp']));

    await expect(takeEarlyCall('get_advert', HOME_BANNERS, 'en')).resolves.toEqual(banners);
    expect(api.named('get_advert')).toHaveLength(1);
  });

  it("asks for /productDisplay's page of products as its address says, and its categories", () => {
    storage.setSite(demoSite);
    storage.setLanguage(english);
    const api = mockApi({ get_list: () => ok({ list: [], total: 0 }), get_category: () => ok([]) });
    window.history.replaceState(null, '', '/productDisplay?sort=price_asc&page=3');
    boot(LOCALES);
    expect(api.named('get_list')[0]?.body).toMatchObject({ sort: 'price_asc', page: 3 });
    expect(api.named('get_category')).toHaveLength(1);
  });

  it("hands a failed answer to the app as the page's own failure, with nothing app-wide", async () => {
    storage.setSite(demoSite);
    storage.setLanguage(english);
    const onWebsiteNotFound = vi.fn();
    const unhook = setApiHooks({ onWebsiteNotFound });
    mockApi({ get_advert: () => fail(ErrorCode.WEBSITE_NOT_FOUND, 'gone') });
    window.history.replaceState(null, '', '/home');
    boot(LOCALES);
    await expect(takeEarlyCall('get_advert', HOME_BANNERS, 'en')).rejects.toMatchObject({
      code: ErrorCode.WEBSITE_NOT_FOUND,
      tip: 'gone',
    });
    expect(onWebsiteNotFound).not.toHaveBeenCalled();
    unhook();
  });

  /** Runs the head script and then its first frame; the formatters built before and after that frame. */
  const formattersAroundFirstFrame = () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      boot(LOCALES);
      const before = [...made.mock.calls];
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
      return { before, after: [...made.mock.calls] };
    } finally {
      made.mockRestore();
      vi.useRealTimers();
    }
  };

  it("builds the prices' formatter once the splash has painted, in the buyer's language and the site's currency", () => {
    storage.setSite({ ...demoSite, show_price: 1, money_unit: 'eur' });
    storage.setLanguage(arabic);
    const { before, after } = formattersAroundFirstFrame();
    expect(before).toEqual([]);
    expect(after).toContainEqual(['ar-SA-u-ca-gregory-nu-latn', { style: 'currency', currency: 'EUR' }]);
  });

  it('builds no formatter when the website hides its prices', () => {
    storage.setSite({ ...demoSite, show_price: 0 });
    expect(formattersAroundFirstFrame().after).toEqual([]);
  });
});

describe('a CSS string', () => {
  it('keeps quotes, backslashes and line breaks from ending it', () => {
    expect(cssString('A "B" \\ C\nD')).toBe('"A \\22 B\\22  \\5c  C\\a D"');
  });
});
