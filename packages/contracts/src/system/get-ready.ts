// GET readiness probe: every backing store answered. Served with 200 when status is ok, else 503.
import { z } from 'zod';

export const READINESS_CHECK_RESULTS = ['ok', 'failed'] as const;

export const ZGetReadyResponse = z.object({
  status: z.enum(['ok', 'error']),
  /** One entry per dependency, e.g. { postgres: 'ok', redis: 'failed' }. */
  checks: z.record(z.string(), z.enum(READINESS_CHECK_RESULTS)),
});
export type TGetReadyResponse = z.infer<typeof ZGetReadyResponse>;
