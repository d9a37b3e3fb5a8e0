import {
  type CallResult,
  ErrorCode,
  fail,
  LANGUAGES,
  ok,
  type SiteSettings,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import { staffAuditEntry } from '../../db/audit';
import type { Clock } from '../../platform/clock';
import type { StaffCaller, WebsiteContext } from '../../platform/context';
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
  /** Whether a picture URL is an upload of the company's that reads as a picture (uploads module). */
  isCompanyPicture(url: string, companyId: number): Promise<boolean>;
}

export function createSiteService({ repo, clock, defaultSite, cacheMs, isCompanyPicture }: SiteServiceDeps) {
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

  async function settingsOf(
    website: WebsiteContext,
  ): Promise<{ settings: SiteSettings; updated_at: number } | null> {
    const w = await repo.findById(website.id);
    if (!w) return null;
    const info = toWebsiteInfo(w);
    const [domains, contacts, privacy] = await Promise.all([
      repo.domainsOf(w.id),
      repo.contactsOf(w.company_id),
      repo.textsOf(w.company_id, 'privacy'),
    ]);
    const langKeys: readonly string[] = LANGUAGES.map((l) => l.key);
    const { id: _id, company_id: _company, site, ...rest } = info;
    return {
      settings: {
        ...rest,
        site,
        domains,
        contacts,
        privacy: privacy.flatMap((p) =>
          langKeys.includes(p.lang)
            ? [{ lang: p.lang as SiteSettings['privacy'][number]['lang'], title: p.title, body: p.body }]
            : [],
        ),
      },
      updated_at: w.updated_at,
    };
  }

  return {
    /** staff_get_settings: everything the owner can set, as the form shows it. */
    async getSettings(website: WebsiteContext, c: StaffCaller) {
      const found = await settingsOf(website);
      return found ? ok(found) : fail(ErrorCode.WEBSITE_NOT_FOUND, c.t('api.websiteNotFound'));
    },

    /**
     * staff_update_settings: saves the form in one transaction, if nobody saved since it was
     * read; the website's cached settings are dropped, so buyers' next calls see the change.
     */
    async updateSettings(
      input: { settings: SiteSettings; updated_at: number },
      website: WebsiteContext,
      c: StaffCaller,
    ): Promise<CallResult<{ settings: SiteSettings; updated_at: number }>> {
      const before = await settingsOf(website);
      if (!before) return fail(ErrorCode.WEBSITE_NOT_FOUND, c.t('api.websiteNotFound'));
      if (before.updated_at !== input.updated_at)
        return fail(ErrorCode.CONFLICT, c.t('server.staleSettings'));
      const s = input.settings;
      if (await repo.codeTaken(s.site, website.id)) return fail(ErrorCode.FAILED, c.t('server.siteTaken'));
      const domains = [...new Set(s.domains)];
      const taken = await repo.domainsTaken(domains, website.id);
      if (taken[0]) return fail(ErrorCode.FAILED, c.t('server.domainTaken', { domain: taken[0] }));
      // A picture that changed must be the company's own upload and a readable picture.
      for (const [field, url] of [
        ['company_logo', s.company_logo],
        ['bg_image', s.bg_image],
      ] as const) {
        const unchanged = url === before.settings[field];
        if (url && !unchanged && !(await isCompanyPicture(url, website.companyId)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.badPicture', { field }));
      }

      // A save within the same millisecond as the last must still change updated_at.
      const now = Math.max(clock.now(), before.updated_at + 1);
      const saved = await repo.transaction(async (r) => {
        const updated = await r.updateWebsite(website.id, input.updated_at, {
          code: s.site,
          // Domains live in website_domains now; the older single column stays empty.
          domain: null,
          template_style: s.template_style,
          template_color: s.template_color,
          default_lang: s.default_lang,
          show_news: s.show_function.news,
          show_about_us: s.show_function.about_us,
          show_contact: s.show_function.contact,
          show_article_number: s.show_article_number,
          show_price: s.show_price,
          show_privacy: s.show_privacy,
          number_type: s.number_type,
          trade_terms: s.trade_terms,
          money_unit: s.money_unit,
          contact_type: s.contact_type,
          is_default_banner: s.is_default_banner,
          bg_setting: s.bg_setting,
          bg_image: s.bg_image,
          bg_image_setting: s.bg_image_setting,
          toy_type: s.toy_type,
          updated_at: now,
        });
        if (!updated) return false;
        await r.updateCompany(website.companyId, {
          name: s.company_name,
          name_en: s.company_name_en,
          logo: s.company_logo,
          updated_at: now,
        });
        await r.replaceDomains(website.companyId, website.id, domains, now);
        await r.replaceContacts(website.companyId, s.contacts, now);
        await r.replaceTexts(website.companyId, 'privacy', s.privacy, now);
        await r.audit(
          staffAuditEntry(c, clock.now(), 'staff_update_settings', `website:${website.id}`, before.settings, {
            ...s,
            domains,
          }),
        );
        return true;
      });
      if (!saved) return fail(ErrorCode.CONFLICT, c.t('server.staleSettings'));
      cache.delete(website.id);
      const after = await settingsOf(website);
      if (!after) throw new Error('Settings just saved could not be read back');
      return ok(after, c.t('server.saved'));
    },

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
