import { languageByCode, DEFAULT_LANGUAGE, type WebsiteInfo } from '@vitrine/contract';
import { translator } from '@vitrine/i18n/all';
import { consoleTranslator } from '@vitrine/i18n/console';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mailer';
import type { ChatRepository } from './chat.repository';

/** At most one mail per conversation and reader within this time, and only after it of silence. */
export const CHAT_MAIL_QUIET_MS = 15 * 60 * 1000;
/** Conversations looked at per run and reader; the next run takes the rest. */
const BATCH = 200;

export interface ChatMailDeps {
  repo: ChatRepository;
  clock: Clock;
  mailer: Mailer;
  websiteInfo(websiteId: number): Promise<WebsiteInfo | null>;
  quietMs?: number;
}

/**
 * When nobody reads (decision 0037): a buyer who has left a staff answer unread for the quiet
 * period gets one email about it, and a company whose buyers have waited that long for an answer
 * gets one digest for its owners and service staff. "Unread for the quiet period" stands for
 * "offline" on every instance alike, with no presence to share. Each conversation is claimed in
 * the database before its mail goes out, so two instances never both send it; a claim stays
 * even if the send then fails (one mail lost rather than one sent twice in a loop).
 */
export function createChatMail(deps: ChatMailDeps) {
  const { repo, clock, mailer } = deps;
  const quiet = deps.quietMs ?? CHAT_MAIL_QUIET_MS;

  /** The buyers' or the console's page of a website: absolute where it has a domain of its own. */
  async function linkOf(websiteId: number | null, page: 'login' | 'staff/'): Promise<string> {
    const address = websiteId === null ? null : await repo.websiteAddress(websiteId);
    if (!address) return `/${page}`;
    return `${address.domain ? `https://${address.domain}` : ''}/${page}?site=${encodeURIComponent(address.code)}`;
  }

  async function mailBuyers(now: number): Promise<number> {
    let sent = 0;
    for (const c of await repo.waitingFor('buyer', now - quiet, BATCH)) {
      if (c.website_id === null || !c.email) continue;
      const site = await deps.websiteInfo(Number(c.website_id));
      if (!site || !(await repo.claimMail(Number(c.id), 'buyer', now - quiet, now))) continue;
      const t = translator(languageByCode(site.default_lang) ?? DEFAULT_LANGUAGE);
      const company = site.company_name_en || site.company_name;
      await mailer.send({
        to: [c.email],
        subject: t('api.chat.mailSubject', { company }),
        text: t('api.chat.mailBody', {
          company,
          text: c.last_message,
          url: await linkOf(Number(c.website_id), 'login'),
        }),
      });
      sent++;
    }
    return sent;
  }

  async function mailStaff(now: number): Promise<number> {
    const byCompany = new Map<number, Awaited<ReturnType<typeof repo.waitingFor>>>();
    for (const c of await repo.waitingFor('staff', now - quiet, BATCH)) {
      if (!(await repo.claimMail(Number(c.id), 'staff', now - quiet, now))) continue;
      const list = byCompany.get(Number(c.company_id)) ?? [];
      list.push(c);
      byCompany.set(Number(c.company_id), list);
    }
    let sent = 0;
    for (const [companyId, waiting] of byCompany) {
      const to = await repo.chatStaffEmails(companyId);
      if (!to.length) continue;
      const websiteId = waiting.find((c) => c.website_id !== null)?.website_id ?? null;
      const site = websiteId === null ? null : await deps.websiteInfo(Number(websiteId));
      const t = consoleTranslator(languageByCode(site?.default_lang ?? 0) ?? DEFAULT_LANGUAGE);
      const list = waiting
        .map((c) => `- ${c.customer_name} (${Number(c.staff_unread_count)}): ${c.last_message}`)
        .join('\n');
      const url = await linkOf(websiteId === null ? null : Number(websiteId), 'staff/');
      await mailer.send({
        to,
        subject: t('server.chat.digestSubject', { count: waiting.length }),
        text: t('server.chat.digestBody', { list, url }),
      });
      sent++;
    }
    return sent;
  }

  return {
    /** One round: buyers' notices, then staff digests. Answers how many mails went out. */
    async run(): Promise<{ buyers: number; digests: number }> {
      const now = clock.now();
      return { buyers: await mailBuyers(now), digests: await mailStaff(now) };
    },
  };
}
