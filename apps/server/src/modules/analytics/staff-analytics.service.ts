import {
  ANALYTICS_LIMITS,
  type AnalyticsBuyer,
  type AnalyticsProduct,
  type AnalyticsSection,
  type CallResult,
  ErrorCode,
  fail,
  isEnglishMode,
  type Language,
  ok,
  type StaffAnalytics,
  type staffExportAnalyticsRequest,
  type staffGetAnalyticsRequest,
} from '@vitrine/contract';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { StaffCaller } from '../../platform/context';
import { DAY_MS, type Period, type StaffAnalyticsRepository } from './staff-analytics.repository';

type PeriodInput = z.output<typeof staffExportAnalyticsRequest> | z.output<typeof staffGetAnalyticsRequest>;

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (dayIndex: number) => new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);

/** The period in epoch ms, or why it cannot be read. */
export function periodOf(input: PeriodInput, companyId: number): Period | 'backwards' | 'tooLong' {
  const from = dayOf(input.from);
  const to = dayOf(input.to);
  if (to < from) return 'backwards';
  if ((to - from) / DAY_MS + 1 > ANALYTICS_LIMITS.MAX_DAYS) return 'tooLong';
  const offsetMs = input.utc_offset * 60_000;
  return { companyId, from: from - offsetMs, to: to + DAY_MS - offsetMs, offsetMs };
}

type ProductRef = Awaited<ReturnType<StaffAnalyticsRepository['products']>>[number];

export function createStaffAnalyticsService(repo: StaffAnalyticsRepository, clock: Clock) {
  function period(input: PeriodInput, c: StaffCaller): CallResult<Period> {
    const p = periodOf(input, c.staff.companyId);
    if (p === 'backwards') return fail(ErrorCode.BAD_REQUEST, c.t('server.analytics.backwards'));
    if (p === 'tooLong')
      return fail(
        ErrorCode.BAD_REQUEST,
        c.t('server.analytics.tooLong', { days: ANALYTICS_LIMITS.MAX_DAYS }),
      );
    return ok(p);
  }

  /** Products named in the console's language (else the other), numbered by toy, else article number. */
  async function named<T extends { product_id: number }>(
    companyId: number,
    rows: T[],
    lang: Language,
  ): Promise<(T & { number: string; name: string })[]> {
    const byId = new Map<number, ProductRef>(
      (
        await repo.products(
          companyId,
          rows.map((r) => r.product_id),
        )
      ).map((p) => [Number(p.id), p]),
    );
    const english = isEnglishMode(lang);
    return rows.flatMap((r) => {
      const p = byId.get(r.product_id);
      if (!p) return [];
      const name = english ? p.name_en || p.name : p.name || p.name_en;
      return [{ ...r, number: p.toy_number || p.article_number, name }];
    });
  }

  /** Every day of the period, with the counts of each log (zero where nothing happened). */
  async function days(p: Period) {
    const [views, selections, submissions, searches] = await Promise.all([
      repo.perDay('browse_logs', p),
      repo.perDay('select_logs', p),
      repo.perDay('samples', p),
      repo.searchesPerDay(p),
    ]);
    const first = Math.floor((p.from + p.offsetMs) / DAY_MS);
    const last = Math.floor((p.to - 1 + p.offsetMs) / DAY_MS);
    const out = [];
    for (let d = first; d <= last; d++) {
      out.push({
        day: isoOf(d),
        views: views.get(d) ?? 0,
        selections: selections.get(d) ?? 0,
        submissions: submissions.get(d) ?? 0,
        searches: searches.get(d)?.n ?? 0,
        gaps: searches.get(d)?.gaps ?? 0,
      });
    }
    return out;
  }

  /**
   * Buyers by their latest activity: a customer across sessions; a visitor by the key that
   * follows them across logins (decision 0028), else by session. A visitor is named by the
   * company name of their latest sample list, else the label of their access code.
   */
  async function buyers(p: Period): Promise<AnalyticsBuyer[]> {
    const [views, selections, searches, submissions] = await Promise.all([
      repo.activity('browse_logs', p),
      repo.activity('select_logs', p),
      repo.activity('search_logs', p),
      repo.submissions(p),
    ]);
    const sessionIds = new Set<number>();
    const customerIds = new Set<number>();
    for (const r of [...views, ...selections, ...searches]) {
      if (r.customerId !== null) customerIds.add(r.customerId);
      else if (r.sessionId !== null) sessionIds.add(r.sessionId);
    }
    for (const s of submissions) if (s.customerId !== null) customerIds.add(s.customerId);
    const [customers, sessions] = await Promise.all([
      repo.customers(p.companyId, [...customerIds]),
      repo.sessions(p.companyId, [...sessionIds]),
    ]);
    const customerName = new Map(customers.map((c) => [Number(c.id), c.customer_name]));
    const session = new Map(sessions.map((s) => [Number(s.id), s]));

    const all = new Map<string, AnalyticsBuyer>();
    const entry = (key: string, customerId: number | null, name: string) => {
      let b = all.get(key);
      if (!b) {
        b = {
          kind: customerId === null ? 'visitor' : 'customer',
          customer_id: customerId,
          name,
          views: 0,
          selections: 0,
          submissions: 0,
          searches: 0,
          last_at: 0,
        };
        all.set(key, b);
      }
      if (!b.name && name) b.name = name;
      return b;
    };
    const add = (rows: typeof views, field: 'views' | 'selections' | 'searches') => {
      for (const r of rows) {
        let b: AnalyticsBuyer;
        if (r.customerId !== null)
          b = entry(`c${r.customerId}`, r.customerId, customerName.get(r.customerId) ?? '');
        else {
          const s = r.sessionId === null ? undefined : session.get(r.sessionId);
          b = entry(s?.visitor_key ? `v${s.visitor_key}` : `s${r.sessionId}`, null, s?.label ?? '');
        }
        b[field] += r.n;
        b.last_at = Math.max(b.last_at, r.last);
      }
    };
    // Submissions first: a visitor's company name names them better than their code's label.
    for (const s of submissions) {
      const b =
        s.customerId !== null
          ? entry(`c${s.customerId}`, s.customerId, customerName.get(s.customerId) ?? '')
          : entry(`v${s.visitorKey ?? ''}`, null, s.companyName);
      b.submissions += s.n;
      b.last_at = Math.max(b.last_at, s.last);
    }
    add(views, 'views');
    add(selections, 'selections');
    add(searches, 'searches');
    return [...all.values()].sort((a, b) => b.last_at - a.last_at);
  }

  async function imageGaps(p: Period, limit: number) {
    const rows = await repo.imageGaps(p, limit);
    const customerIds = rows.flatMap((r) => (r.customer_id === null ? [] : [Number(r.customer_id)]));
    const sessionIds = rows.flatMap((r) =>
      r.customer_id === null && r.session_id !== null ? [Number(r.session_id)] : [],
    );
    const [customers, sessions] = await Promise.all([
      repo.customers(p.companyId, [...new Set(customerIds)]),
      repo.sessions(p.companyId, [...new Set(sessionIds)]),
    ]);
    const customerName = new Map(customers.map((c) => [Number(c.id), c.customer_name]));
    const label = new Map(sessions.map((s) => [Number(s.id), s.label ?? '']));
    return rows.map((r) => ({
      at: Number(r.created_at),
      kind: r.customer_id === null ? ('visitor' as const) : ('customer' as const),
      buyer:
        r.customer_id === null
          ? (label.get(Number(r.session_id)) ?? '')
          : (customerName.get(Number(r.customer_id)) ?? ''),
      results: Number(r.results),
    }));
  }

  /** The rows of one section, up to limit. */
  async function section(name: AnalyticsSection, p: Period, limit: number, lang: Language) {
    switch (name) {
      case 'days':
        return days(p);
      case 'viewed':
        return named(p.companyId, await repo.topViewed(p, limit), lang);
      case 'selected':
        return named(p.companyId, await repo.topSelected(p, limit), lang);
      case 'submitted':
        return named(p.companyId, await repo.topSubmitted(p, limit), lang);
      case 'buyers':
        return (await buyers(p)).slice(0, limit);
      case 'text_gaps':
        return repo.textGaps(p, limit);
      case 'image_gaps':
        return imageGaps(p, limit);
    }
  }

  return {
    async report(
      input: z.output<typeof staffGetAnalyticsRequest>,
      c: StaffCaller,
      lang: Language,
    ): Promise<CallResult<StaffAnalytics>> {
      const pr = period(input, c);
      if (!pr.ok) return pr;
      const p = pr.data;
      const [series, viewed, selected, submitted, everyone, textGaps, photoGaps] = await Promise.all([
        days(p),
        section('viewed', p, input.top, lang) as Promise<AnalyticsProduct[]>,
        section('selected', p, input.top, lang) as Promise<AnalyticsProduct[]>,
        section('submitted', p, input.top, lang) as Promise<AnalyticsProduct[]>,
        buyers(p),
        repo.textGaps(p, input.top),
        imageGaps(p, input.top),
      ]);
      const sum = (f: 'views' | 'selections' | 'submissions' | 'searches' | 'gaps') =>
        series.reduce((a, d) => a + d[f], 0);
      return ok({
        from: input.from,
        to: input.to,
        totals: {
          views: sum('views'),
          selections: sum('selections'),
          submissions: sum('submissions'),
          searches: sum('searches'),
          gaps: sum('gaps'),
          buyers: everyone.length,
        },
        days: series,
        viewed,
        selected,
        submitted,
        buyers: everyone.slice(0, input.top),
        text_gaps: textGaps,
        image_gaps: photoGaps,
      });
    },

    /**
     * One section as CSV. Cells a spreadsheet would read as a formula (a buyer's search text
     * or name starting with =, +, -, @, a tab or a return) are quoted with a leading
     * apostrophe (csv-stringify's escape_formulas); a byte-order mark makes Excel read UTF-8.
     */
    async exportCsv(
      input: z.output<typeof staffExportAnalyticsRequest>,
      c: StaffCaller,
      lang: Language,
    ): Promise<CallResult<{ filename: string; csv: string; rows: number }>> {
      const pr = period(input, c);
      if (!pr.ok) return pr;
      const rows = await section(input.section, pr.data, ANALYTICS_LIMITS.EXPORT_ROWS, lang);
      const col = (k: string) => c.t(`ui.analytics.columns.${k}` as Parameters<typeof c.t>[0]);
      const time = (ms: number) =>
        new Date(ms + pr.data.offsetMs).toISOString().slice(0, 16).replace('T', ' ');
      const kind = (k: 'customer' | 'visitor') => c.t(`ui.analytics.kind.${k}`);
      let table: (string | number)[][];
      switch (input.section) {
        case 'days':
          table = [
            ['day', 'views', 'selections', 'submissions', 'searches', 'gaps'].map(col),
            ...(rows as Awaited<ReturnType<typeof days>>).map((d) => [
              d.day,
              d.views,
              d.selections,
              d.submissions,
              d.searches,
              d.gaps,
            ]),
          ];
          break;
        case 'viewed':
        case 'selected':
        case 'submitted': {
          const submitted = input.section === 'submitted';
          table = [
            [
              'rank',
              'number',
              'product',
              input.section === 'viewed' ? 'views' : submitted ? 'lists' : 'selections',
              'buyers',
              ...(submitted ? ['ctn'] : []),
            ].map(col),
            ...(rows as AnalyticsProduct[]).map((r, i) => [
              i + 1,
              r.number,
              r.name,
              r.count,
              r.buyers,
              ...(submitted ? [r.ctn ?? 0] : []),
            ]),
          ];
          break;
        }
        case 'buyers':
          table = [
            ['buyer', 'kind', 'views', 'selections', 'submissions', 'searches', 'lastActive'].map(col),
            ...(rows as AnalyticsBuyer[]).map((b) => [
              b.name,
              kind(b.kind),
              b.views,
              b.selections,
              b.submissions,
              b.searches,
              time(b.last_at),
            ]),
          ];
          break;
        case 'text_gaps':
          table = [
            ['query', 'searches', 'buyers', 'lastSearched'].map(col),
            ...(rows as Awaited<ReturnType<StaffAnalyticsRepository['textGaps']>>).map((g) => [
              g.query,
              g.searches,
              g.buyers,
              time(g.last_at),
            ]),
          ];
          break;
        case 'image_gaps':
          table = [
            ['when', 'buyer', 'kind', 'lookAlikes'].map(col),
            ...(rows as Awaited<ReturnType<typeof imageGaps>>).map((g) => [
              time(g.at),
              g.buyer,
              kind(g.kind),
              g.results,
            ]),
          ];
          break;
      }
      const csv = stringify(table, { bom: true, escape_formulas: true, record_delimiter: 'windows' });
      const filename = `analytics-${input.section}-${input.from}-${input.to}.csv`;
      return ok({ filename, csv, rows: table.length - 1 });
    },

    /** Deletes search logs past their keeping time (decision 0058); answers how many. */
    purge: () => repo.purgeSearchLogs(clock.now() - ANALYTICS_LIMITS.SEARCH_LOG_DAYS * DAY_MS),
  };
}

export type StaffAnalyticsService = ReturnType<typeof createStaffAnalyticsService>;
