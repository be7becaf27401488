import { z } from 'zod';
import { purgeDeletedImages } from '../services/images/purge-deleted-images.ts';
import { defineJob } from './job.ts';

/** Hourly housekeeping: removes the files of images deleted long enough ago. */
export const purgeDeletedImagesJob = defineJob({
  name: 'images.purge-deleted.v1',
  queue: 'images',
  payload: z.object({}).passthrough(),
  repeatEveryMs: 3_600_000,
  async handle(_payload, { services, log }) {
    const purged = await purgeDeletedImages(services);
    if (purged > 0) log.info({ purged }, 'purged files of deleted images');
  },
});
