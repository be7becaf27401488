// GET /healthz, the liveness probe: the process answers. Readiness (stores reachable) is get-ready.ts.
import { z } from 'zod';

export const ZGetHealthResponse = z.object({ status: z.literal('ok') });
export type TGetHealthResponse = z.infer<typeof ZGetHealthResponse>;
