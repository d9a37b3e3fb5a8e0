import type { SessionContext, WebsiteContext } from '../../platform/context';
import { type CallResult, ok } from '@vitrine/contract';
import type { Clock } from '../../platform/clock';
import type { AnalyticsRepository, LogContext } from './analytics.repository';

/** Repeated clicks or selections of one product by one session count once in this window. */
export const COUNT_WINDOW_MS = 30 * 60 * 1000;

type Logged = CallResult<{ logged: 0 | 1 }>;
const LOGGED: Logged = ok({ logged: 1 });
const IGNORED: Logged = ok({ logged: 0 });

export function createAnalyticsService(repo: AnalyticsRepository, clock: Clock) {
  const context = (website: WebsiteContext, session: SessionContext): LogContext => ({
    companyId: website.companyId,
    websiteId: website.id,
    sessionId: session.id,
    customerId: session.customerId,
    now: clock.now(),
  });

  return {
    async click(productId: number, website: WebsiteContext, session: SessionContext): Promise<Logged> {
      // Another company's product is silently ignored: logging must never reveal what exists.
      if (!(await repo.ownsProduct(website.companyId, productId))) return IGNORED;
      await repo.click(context(website, session), productId, COUNT_WINDOW_MS);
      return LOGGED;
    },

    async select(
      productId: number,
      kind: 'select' | 'recommend',
      website: WebsiteContext,
      session: SessionContext,
    ): Promise<Logged> {
      const product = await repo.ownsProduct(website.companyId, productId);
      if (!product) return IGNORED;
      await repo.select(context(website, session), productId, product.factory_id, kind, COUNT_WINDOW_MS);
      return LOGGED;
    },

    async browse(
      path: string,
      productId: number | undefined,
      website: WebsiteContext,
      session: SessionContext,
    ): Promise<Logged> {
      const product = productId === undefined ? null : await repo.ownsProduct(website.companyId, productId);
      await repo.browse(
        context(website, session),
        path,
        product && productId !== undefined ? productId : null,
      );
      return LOGGED;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
