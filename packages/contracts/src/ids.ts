// The shapes of run and image ids as plain patterns: no zod, so code on the web app's first paint
// (format.ts) can use them without loading the schema library. The zod fields built from them live in
// common.ts, which re-exports these.
import { MAX_IMAGES_PER_REQUEST, RUN_ID_LENGTH } from './options.ts';

export const RUN_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${RUN_ID_LENGTH}}$`);
/** run_id followed by the 3-digit serial 001..004 of the image within its run. */
export const IMAGE_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${RUN_ID_LENGTH}}00[1-${MAX_IMAGES_PER_REQUEST}]$`);
export const IMAGE_SERIAL_LENGTH = 3;
