import { z } from 'zod';
import { defineJob } from './job.ts';

/** Hourly housekeeping: removes the files of images deleted long enough ago. */
export const purgeDeletedImagesJob = defineJob({
  name: 'images.purge-deleted.v1',
  queue: 'images',
  payload: z.object({}).passthrough(),
  repeatEveryMs: 3_600_000,
});
