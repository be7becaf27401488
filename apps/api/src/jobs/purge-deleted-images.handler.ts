import { purgeDeletedImages } from '../services/images/purge-deleted-images.ts';
import { defineJobHandler } from './job-handler.ts';
import { purgeDeletedImagesJob } from './purge-deleted-images.job.ts';

export const purgeDeletedImagesHandler = defineJobHandler(purgeDeletedImagesJob, {
  async handle(_payload, { services, log }) {
    const purged = await purgeDeletedImages(services);
    if (purged > 0) log.info({ purged }, 'purged files of deleted images');
  },
});
