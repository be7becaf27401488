// A stand-in for an OpenAI-compatible moderation endpoint: POST /v1/moderations with
// { model?, input: string | string[] } and, when the fake has a key, `Authorization: Bearer <key>`
// (otherwise 401 with OpenAI's error object). It answers { id, model, results: [one per input] },
// each with `flagged`, the 13 boolean `categories` of omni-moderation, `category_scores` and
// `category_applied_input_types`. It decides from the text: an input containing one of
// `minorMarkers` is flagged sexual/minors (and sexual); one containing a word of SEXUAL_WORDS only
// sexual; VIOLENT_WORDS flags violence.
import { randomUUID } from 'node:crypto';
import { sendJson, startFakeServer, type FakeServer } from './http-fake.ts';

export type OpenAiModerationFakeMode =
  | 'ok'
  /** Never answers (the client's timeout must end the wait). */
  | 'hang'
  /** HTTP 500 with OpenAI's error object. */
  | 'server-error'
  /** 200 with JSON that is not a moderation (no results). */
  | 'malformed'
  /** 200 with an HTML page. */
  | 'not-json';

export const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/** Text the fake rates as sexual content involving minors (the tests choose it; no real words needed). */
export const MINOR_MARKER = 'xx-classifier-flag-xx';
const SEXUAL_WORDS = ['nude', 'naked', 'sex', 'explicit', 'blowjob'];
const VIOLENT_WORDS = ['blood', 'knife', 'fight'];

export interface OpenAiModerationFake extends FakeServer {
  mode: OpenAiModerationFakeMode;
  /** The bearer token it expects; undefined: no auth (a self-hosted gateway). */
  apiKey: string | undefined;
  minorMarkers: string[];
}

function moderate(input: string, fake: OpenAiModerationFake) {
  const text = input.toLowerCase();
  const minors = fake.minorMarkers.some((m) => text.includes(m.toLowerCase()));
  const sexual = minors || SEXUAL_WORDS.some((w) => text.includes(w));
  const violence = VIOLENT_WORDS.some((w) => text.includes(w));
  const scores: Record<string, number> = {};
  const categories: Record<string, boolean> = {};
  const applied: Record<string, string[]> = {};
  for (const c of MODERATION_CATEGORIES) {
    scores[c] = 0.0001;
    applied[c] =
      c === 'sexual/minors' || c.startsWith('harassment') || c.startsWith('hate') || c.startsWith('illicit')
        ? ['text']
        : ['text', 'image'];
  }
  if (sexual) scores.sexual = 0.97;
  if (minors) scores['sexual/minors'] = 0.9312;
  if (violence) scores.violence = 0.88;
  for (const c of MODERATION_CATEGORIES) categories[c] = scores[c]! > 0.5;
  return {
    flagged: Object.values(categories).some(Boolean),
    categories,
    category_scores: scores,
    category_applied_input_types: applied,
  };
}

export async function startOpenAiModerationFake(
  mode: OpenAiModerationFakeMode = 'ok',
  options: { apiKey?: string; minorMarkers?: string[] } = {},
): Promise<OpenAiModerationFake> {
  const error = (message: string, type: string, code: string | null) => ({
    error: { message, type, param: null, code },
  });
  const server = await startFakeServer((req, res) => {
    if (fake.apiKey !== undefined && req.headers.authorization !== `Bearer ${fake.apiKey}`) {
      return sendJson(
        res,
        401,
        error(
          'Incorrect API key provided. You can find your API key in your account settings.',
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    if (req.method !== 'POST' || req.path !== '/v1/moderations') {
      return sendJson(res, 404, error(`Invalid URL (${req.method} ${req.path})`, 'invalid_request_error', null));
    }
    switch (fake.mode) {
      case 'hang':
        return; // never answered
      case 'server-error':
        return sendJson(
          res,
          500,
          error('The server had an error while processing your request.', 'server_error', null),
        );
      case 'malformed':
        return sendJson(res, 200, { id: `modr-${randomUUID()}`, model: 'omni-moderation-latest', results: [] });
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>502 Bad Gateway</body></html>');
      default:
        break;
    }
    const body = req.json as { model?: unknown; input?: unknown } | undefined;
    const inputs = typeof body?.input === 'string' ? [body.input] : body?.input;
    if (!Array.isArray(inputs) || !inputs.every((i): i is string => typeof i === 'string')) {
      return sendJson(res, 400, error("'input' is a required property", 'invalid_request_error', null));
    }
    const model = typeof body?.model === 'string' ? body.model : 'omni-moderation-latest';
    return sendJson(res, 200, {
      id: `modr-${randomUUID().replace(/-/g, '')}`,
      model: model === 'omni-moderation-latest' ? 'omni-moderation-2024-09-26' : model,
      results: inputs.map((input) => moderate(input, fake)),
    });
  });
  const fake: OpenAiModerationFake = {
    ...server,
    mode,
    apiKey: options.apiKey,
    minorMarkers: options.minorMarkers ?? [MINOR_MARKER],
  };
  return fake;
}
