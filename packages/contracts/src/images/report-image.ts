// POST /api/v2/image/report/:image_id (bearer): any signed-in member reports a published image, once.
// Not in the spec: moderation the product needs. Enough open reports hide the image from Explore
// until support reviews it.
import { z } from 'zod';
import { zOneOf } from '../common.ts';

export const REPORT_REASONS = [
  { value: 'minor', label: 'May depict a minor' },
  { value: 'non_consensual', label: 'Non-consensual or real person' },
  { value: 'violence', label: 'Violence or gore' },
  { value: 'illegal', label: 'Other illegal content' },
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'other', label: 'Something else' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const REPORT_REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];

export const ZReportImageRequest = z.object({ reason: zOneOf('reason', REPORT_REASON_VALUES) }).meta({
  // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
  example: { reason: 'spam' },
});
export type TReportImageRequest = z.input<typeof ZReportImageRequest>;

export const ZReportImageResponse = z.object({ status: z.literal('ok'), message: z.string() });
export type TReportImageResponse = z.infer<typeof ZReportImageResponse>;
