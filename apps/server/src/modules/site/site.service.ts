import { ErrorCode, type WebsiteInfo } from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import { type CallResult, fail, ok, type WebsiteContext } from '../../plugins/api';
import type { Clock } from '../../platform/clock';
import type { SiteRepository, WebsiteRow } from './site.repository';

const flag = (v: number): 0 | 1 => (v ? 1 : 0);

export function toWebsiteInfo(w: NonNullable<WebsiteRow>): WebsiteInfo {
  return {
    id: w.id,
    site: w.code,
    company_id: w.company_id,
    company_name: w.company_name,
    company_name_en: w.company_name_en,
    company_logo: w.company_logo,
    template_style: w.template_style,
    template_color: w.template_color,
    default_lang: w.default_lang,
    show_function: {
      news: flag(w.show_news),
      about_us: flag(w.show_about_us),
      contact: flag(w.show_contact),
    },
    show_article_number: flag(w.show_article_number),
    show_price: flag(w.show_price),
    number_type: w.number_type,
    trade_terms: w.trade_terms,
    money_unit: w.money_unit,
    contact_type: w.contact_type,
    is_default_banner: flag(w.is_default_banner),
    bg_setting: w.bg_setting,
    bg_image: w.bg_image,
    bg_image_setting: w.bg_image_setting,
    toy_type: w.toy_type,
    show_privacy: flag(w.show_privacy),
  };
}

export interface SiteServiceDeps {
  repo: SiteRepository;
  clock: Clock;
  /** The site code used when neither the body nor the host names one. */
  defaultSite: string | undefined;
  /**
   * How long a website's settings may be served from memory. Every call reads its website,
   * and settings change rarely; a change shows within this time on every instance.
   */
  cacheMs: number;
}

export function createSiteService({ repo, clock, defaultSite, cacheMs }: SiteServiceDeps) {
  const cache = new Map<number, { at: number; row: NonNullable<WebsiteRow> }>();

  async function byId(id: number): Promise<NonNullable<WebsiteRow> | undefined> {
    const now = clock.now();
    const hit = cache.get(id);
    if (hit && now - hit.at < cacheMs) return hit.row;
    const row = await repo.findById(id);
    if (row && cacheMs > 0) cache.set(id, { at: now, row });
    else cache.delete(id);
    return row;
  }

  return {
    /** The website a Website-ID header names, for the call layer. */
    async resolveWebsite(id: number): Promise<WebsiteContext | null> {
      const w = await byId(id);
      return w
        ? { id: w.id, companyId: w.company_id, defaultLang: w.default_lang, info: toWebsiteInfo(w) }
        : null;
    },

    async websiteInfo(id: number): Promise<WebsiteInfo | null> {
      const w = await byId(id);
      return w ? toWebsiteInfo(w) : null;
    },

    /** Site code first, then the host name (a company's own domain), then the default site. */
    async getWebsiteInfo(
      input: { site?: string | undefined },
      host: string,
      t: Translate,
    ): Promise<CallResult<WebsiteInfo>> {
      let w: WebsiteRow | undefined;
      if (input.site) {
        w = await repo.findByCode(input.site.toLowerCase());
      } else {
        const hostname = host.toLowerCase().replace(/:\d+$/, '');
        if (hostname) w = await repo.findByDomain(hostname);
        if (!w && defaultSite) w = await repo.findByCode(defaultSite);
      }
      return w ? ok(toWebsiteInfo(w)) : fail(ErrorCode.WEBSITE_NOT_FOUND, t('api.websiteNotFound'));
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
