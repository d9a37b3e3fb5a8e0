import { type CallHandler, staffCaller } from '../../plugins/api';
import type { StaffAnalyticsService } from './staff-analytics.service';

export function staffAnalyticsRoutes(analytics: StaffAnalyticsService) {
  const staff_get_analytics: CallHandler<'staff_get_analytics'> = (input, ctx) =>
    analytics.report(input, staffCaller(ctx), ctx.lang);
  const staff_export_analytics: CallHandler<'staff_export_analytics'> = (input, ctx) =>
    analytics.exportCsv(input, staffCaller(ctx), ctx.lang);
  return { staff_get_analytics, staff_export_analytics };
}
