import {
  type CallResponse,
  ErrorCode,
  type Language,
  pickWrittenLanguage,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import type { SessionContext } from '../../platform/context';
import { type CallResult, fail, ok } from '@vitrine/contract';
import type { Clock } from '../../platform/clock';
import type { NewsRepository } from './news.repository';

type NewsRow = NonNullable<Awaited<ReturnType<NewsRepository['one']>>>;

const SUMMARY_LENGTH = 160;

function shape(n: NewsRow) {
  const d = new Date(n.published_at);
  const plain = n.content.replace(/\s+/g, ' ').trim();
  return {
    id: n.id,
    category: n.category,
    lang: n.lang,
    title: n.title,
    summary: plain.length > SUMMARY_LENGTH ? `${plain.slice(0, SUMMARY_LENGTH - 1)}…` : plain,
    cover: n.cover,
    month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
    day: String(d.getUTCDate()).padStart(2, '0'),
    published_at: n.published_at,
    click_count: n.click_count,
  };
}

export function createNewsService(repo: NewsRepository, clock: Clock) {
  /**
   * News in the request's language when the company writes in it, else English, else Chinese,
   * else any it writes in (decision 0048): a buyer always sees the news there is.
   */
  async function languagesFor(companyId: number, lang: Language): Promise<string[]> {
    const available = (await repo.languages(companyId)).filter((k) => k !== '');
    const pick = pickWrittenLanguage(available, lang.key);
    // News written for every language (lang '') always shows.
    return pick ? [pick, ''] : [''];
  }

  return {
    async list(
      input: {
        category?: 1 | 2 | 3 | 4 | undefined;
        id?: number | undefined;
        page: number;
        page_size: number;
      },
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
    ): Promise<CallResult<CallResponse<'get_company_new'>>> {
      if (!site.show_function.news) return fail(ErrorCode.FAILED, t('api.functionOff'));
      let detail: CallResponse<'get_company_new'>['detail'] = null;
      if (input.id !== undefined) {
        const one = await repo.one(site.company_id, input.id);
        if (!one) return fail(ErrorCode.FAILED, t('news.notFound'));
        detail = { ...shape(one), content: one.content };
      }
      const langs = await languagesFor(site.company_id, lang);
      const { rows, total } = await repo.page(
        site.company_id,
        langs,
        input.category,
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({ list: rows.map(shape), total, page: input.page, page_size: input.page_size, detail });
    },

    async click(id: number, site: WebsiteInfo, session: SessionContext) {
      const one = await repo.one(site.company_id, id);
      if (!one) return ok({ logged: 0 as const });
      await repo.click(site.company_id, site.id, id, session, clock.now());
      return ok({ logged: 1 as const });
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
