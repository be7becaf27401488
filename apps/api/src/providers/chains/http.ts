// The chain APIs' HTTP calls (lib/http.ts: a timeout on each, errors naming the endpoint), failing with
// ChainApiError.
import { createJsonHttp } from '../../lib/http.ts';
import { ChainApiError } from './index.ts';

export { joinUrl, mapLimit } from '../../lib/http.ts';

export const { getText, getJson, postJson } = createJsonHttp((message) => new ChainApiError(message));
