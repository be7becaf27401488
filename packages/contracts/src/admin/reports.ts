// The support team's view of content reports (admin bearer): GET /api/admin/reports and
// POST /api/admin/reports/:image_id with { decision: 'unpublish' | 'dismiss' } deciding every open
// report of that image: unpublish takes it off Explore for good (the owner cannot republish), dismiss
// lets it back if reports had hidden it.
import { z } from 'zod';
import { ZImageIdParams, zOneOf, zQuery, zQueryPage } from '../common.ts';
import { REPORT_REASON_VALUES } from '../images/report-image.ts';

export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;

export const ZListReportsRequest = z.object({
  page: zQueryPage('page', 100_000, 1),
  limit: zQueryPage('limit', 100, 20),
  status: zQuery(zOneOf('status', REPORT_STATUSES).optional()),
});
export type TListReportsRequestParsed = z.output<typeof ZListReportsRequest>;

export const ZReportItem = z.object({
  id: z.string(),
  image_id: z.string(),
  reason: z.enum(REPORT_REASON_VALUES),
  status: z.enum(REPORT_STATUSES),
  reporter_id: z.string().nullable(),
  image_hidden: z.boolean(),
  image_open: z.boolean(),
  created_at: z.string(),
});
export type TReportItem = z.infer<typeof ZReportItem>;

export const ZListReportsResponse = z.object({
  list: z.array(ZReportItem),
  total_count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type TListReportsResponse = z.infer<typeof ZListReportsResponse>;

export const ZDecideReportParams = ZImageIdParams;
export const ZDecideReportRequest = z.object({ decision: zOneOf('decision', ['unpublish', 'dismiss'] as const) });
export type TDecideReportRequest = z.input<typeof ZDecideReportRequest>;
export const ZDecideReportResponse = z.object({ status: z.literal('ok'), decided: z.number().int().nonnegative() });
