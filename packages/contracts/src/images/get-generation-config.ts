// GET /api/v2/generation/config (public): which image model answers generations. With the built-in
// demo provider the generation screen says that pictures are drawn locally, not by an AI model.
import { z } from 'zod';

export const ZGetGenerationConfigResponse = z.object({
  /** 'demo' | 'comfyui' | 'a1111' | 'replicate' ... */
  provider: z.string(),
  is_demo: z.boolean(),
});
export type TGetGenerationConfigResponse = z.infer<typeof ZGetGenerationConfigResponse>;
