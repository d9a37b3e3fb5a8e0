import { type Language, LIMITS, type WebsiteInfo } from '@vitrine/contract';
import { currencyCode, intlLocale } from '@vitrine/web-core/intl';
import { applyDocumentLanguage } from '@vitrine/web-core/language';
import { normalizePath, PATHS } from '../lib/paths';
import { type StartCall, startCatalogCalls, startHomeCalls } from '../features/catalog/early';
import { callRequest, readEnvelope } from '../lib/api-request';
import { companyName } from '../lib/company';
import { earlyCallKey, parkAnswer } from '../lib/early-handoff';
import { resolveLanguage } from '../lib/language';
import { getSite } from '../lib/storage';

/** The built locale chunks by language key, as the head script is given them (vite.config.ts). */
export type LocaleChunks = Partial<Record<Language['key'], string>>;

/** A CSS string holding `text`: the splash shows it through a custom property. */
export function cssString(text: string): string {
  // Hex escapes for what could end the string or the declaration; the space ends the escape.
  const escaped = [...text].map((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f || c === '"' || c === '\\' ? `\\${code.toString(16)} ` : c;
  });
  return `"${escaped.join('')}"`;
}

/** Sends a call now and leaves its answer for the app's early calls (lib/early-handoff). */
const startAndPark: StartCall = (name, body, lang) => {
  const { url, init } = callRequest(name, body, lang);
  const envelope = fetch(url, { ...init, signal: AbortSignal.timeout(LIMITS.REQUEST_TIMEOUT_MS) }).then(
    readEnvelope,
  );
  parkAnswer(earlyCallKey(name, body, lang.key), envelope);
  return envelope.then((answer) => {
    if (answer.code !== 0) throw new Error(answer.tip);
    return answer.data as never;
  });
};

/**
 * Builds the formatter of the website's prices once the splash has painted, while the app's code
 * is still downloading. A language's first Intl.NumberFormat loads its data: 30 to 50 ms in
 * chromium on this machine (four times that on the phone Lighthouse models), which otherwise
 * fell inside the render of the first cards, a slice React cannot cut short. The data stays
 * loaded for the page, and the app's own formatter then takes about a millisecond.
 */
function preparePriceFormat(site: WebsiteInfo, lang: Language, win: Window): void {
  const currency = site.show_price ? currencyCode(site.money_unit) : null;
  if (!currency) return;
  win.requestAnimationFrame(() =>
    win.setTimeout(() => {
      try {
        new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency }).format(0);
      } catch {
        // The app formats its prices without it.
      }
    }),
  );
}

/** The landing pages whose first calls are worth starting before the app's code has arrived. */
const FIRST_CALLS: Record<string, (url: URL, start: StartCall) => void> = {
  [normalizePath(PATHS.home)]: (_url, start) => startHomeCalls(start),
  [normalizePath(PATHS.productDisplay)]: startCatalogCalls,
};

/**
 * Runs in the page's head, before any stylesheet or the app's code has downloaded
 * (docs/decisions/0020):
 * - the page takes the buyer's language and direction at once (no left-to-right flash in Arabic);
 * - the locale's chunk downloads beside the entry script instead of after it has run;
 * - on a landing page (/home, /productDisplay), its first calls and first pictures are asked
 *   for at once; the app takes those answers instead of asking again;
 * - for a returning visitor, the splash shown until the app draws names the company whose
 *   showroom is loading (index.html's `#root:empty` style), and so does the tab;
 * - once the splash has painted, the prices' formatter is built (preparePriceFormat).
 * Everything it reads is what the app reads (stored site and language), and nothing it does is
 * needed: without it (dev server, a failure here) the app starts and asks as before.
 */
export function boot(localeChunks: LocaleChunks, doc: Document = document): void {
  const site = getSite();
  const lang = resolveLanguage(site?.default_lang);
  applyDocumentLanguage(lang, doc.documentElement);

  const chunk = localeChunks[lang.key];
  if (chunk) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = chunk;
    doc.head.append(link);
  }
  if (!site) return;

  const url = new URL(doc.location.href);
  FIRST_CALLS[normalizePath(url.pathname)]?.(url, startAndPark);
  preparePriceFormat(site, lang, doc.defaultView ?? window);

  const name = companyName(site, lang);
  if (name) {
    doc.title = name;
    doc.documentElement.style.setProperty('--boot-name', cssString(name));
  }
}
