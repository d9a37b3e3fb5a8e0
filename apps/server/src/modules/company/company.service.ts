import {
  type CallResponse,
  ErrorCode,
  isEnglishMode,
  type Language,
  pickWrittenLanguage,
} from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import { type CallResult, fail, ok } from '@vitrine/contract';
import { storedPictures } from '../../db/stored-lists';
import type { CompanyRepository } from './company.repository';

/** contact_type: 0 by language, 1 always the Chinese address, 2 always the English one. */
export const CONTACT_TYPE = { BY_LANGUAGE: 0, CHINESE: 1, ENGLISH: 2 } as const;

/** The address to show; when the chosen one is empty, the other rather than nothing. */
export function displayAddress(
  c: { company_address: string; company_address_en: string },
  contactType: number,
  lang: Language,
): string {
  const english =
    contactType === CONTACT_TYPE.ENGLISH || (contactType !== CONTACT_TYPE.CHINESE && isEnglishMode(lang));
  const [first, second] = english
    ? [c.company_address_en, c.company_address]
    : [c.company_address, c.company_address_en];
  return first.trim() || second.trim();
}

export function createCompanyService(repo: CompanyRepository) {
  return {
    async contactUs(
      websiteId: number,
      lang: Language,
      t: Translate,
    ): Promise<CallResult<CallResponse<'contact_us'>>> {
      const w = await repo.website(websiteId);
      if (!w) return fail(ErrorCode.WEBSITE_NOT_FOUND, t('api.websiteNotFound'));
      if (!w.show_contact) return fail(ErrorCode.FAILED, t('api.functionOff'));
      const contacts = await repo.contacts(w.company_id);
      return ok({
        contact_type: w.contact_type,
        contacts: contacts.map((c) => ({ ...c, address: displayAddress(c, w.contact_type, lang) })),
      });
    },

    async certificates(companyId: number, kind: 'certificate' | 'inspection' | undefined, lang: Language) {
      const en = isEnglishMode(lang);
      const rows = await repo.certificates(companyId, kind);
      return ok(
        rows.map((c) => ({
          id: c.id,
          kind: c.kind,
          name: en ? c.name_en || c.name : c.name,
          issuer: c.issuer,
          number: c.number,
          picture: c.picture,
          pictures: storedPictures(c.pictures, c.picture),
          valid_from: c.valid_from === null ? null : Number(c.valid_from),
          valid_until: c.valid_until === null ? null : Number(c.valid_until),
          factory: (en ? c.factory_name_en || c.factory_name : c.factory_name) ?? '',
        })),
      );
    },

    async getCompanyInfo(
      websiteId: number,
      lang: Language,
      t: Translate,
    ): Promise<CallResult<CallResponse<'get_company_info'>>> {
      const w = await repo.website(websiteId);
      if (!w) return fail(ErrorCode.WEBSITE_NOT_FOUND, t('api.websiteNotFound'));
      let about: { lang: string; body: string } | null = null;
      if (w.show_about_us) {
        // In the request's language, else English, else Chinese, else any (decision 0048).
        const texts = (await repo.texts(w.company_id, 'about')).filter((x) => x.body.trim());
        const shown = pickWrittenLanguage(
          texts.map((x) => x.lang),
          lang.key,
        );
        about = texts.find((x) => x.lang === shown) ?? null;
      }
      return ok({ company_name: w.name, company_name_en: w.name_en, company_logo: w.logo, about });
    },

    /** get_privacy: the privacy text in the request's language, else English, else Chinese, else any. */
    async privacy(
      websiteId: number,
      lang: Language,
      t: Translate,
    ): Promise<CallResult<CallResponse<'get_privacy'>>> {
      const w = await repo.website(websiteId);
      if (!w) return fail(ErrorCode.WEBSITE_NOT_FOUND, t('api.websiteNotFound'));
      if (!w.show_privacy) return fail(ErrorCode.FAILED, t('api.functionOff'));
      const texts = (await repo.texts(w.company_id, 'privacy')).filter((x) => x.body.trim());
      const shown = pickWrittenLanguage(
        texts.map((x) => x.lang),
        lang.key,
      );
      const text = texts.find((x) => x.lang === shown);
      if (!text) return fail(ErrorCode.FAILED, t('api.functionOff'));
      const company = isEnglishMode(lang) ? w.name_en || w.name : w.name;
      return ok({ lang: text.lang, title: text.title, body: text.body, company_name: company });
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
