// A stand-in for a Llama Guard model behind an OpenAI-compatible chat API (vLLM, Ollama's /v1, TGI's
// messages API): POST /v1/chat/completions with { model, messages, temperature, max_tokens } answers a
// chat.completion whose message content is what Llama Guard 3 writes: `safe`, or `unsafe` and the
// violated categories on the next line (`unsafe\nS4`, `unsafe\nS4,S12`). A model name it does not
// serve gets vLLM's 404 error object. It decides from the last user message: text containing one of
// `minorMarkers` is S4 (Child Sexual Exploitation, with S12 Sexual Content), a word of SEXUAL_WORDS
// alone is S12, a word of CRIME_WORDS is S2.
import { randomUUID } from 'node:crypto';
import { sendJson, startFakeServer, type FakeServer } from './http-fake.ts';

export type LlamaGuardFakeMode =
  | 'ok'
  /** Never answers (the client's timeout must end the wait). */
  | 'hang'
  /** HTTP 500 with vLLM's error object. */
  | 'server-error'
  /** 200 whose content is neither safe nor unsafe (a chat model answering instead of a guard). */
  | 'malformed'
  /** 200 with an HTML page. */
  | 'not-json';

export const GUARD_MINOR_MARKER = 'xx-classifier-flag-xx';
const SEXUAL_WORDS = ['nude', 'naked', 'sex', 'explicit', 'blowjob'];
const CRIME_WORDS = ['steal', 'rob'];

export interface LlamaGuardFake extends FakeServer {
  mode: LlamaGuardFakeMode;
  /** The model it serves (vLLM's --served-model-name). */
  model: string;
  apiKey: string | undefined;
  minorMarkers: string[];
}

function classify(text: string, fake: LlamaGuardFake): string {
  const lower = text.toLowerCase();
  const categories: string[] = [];
  if (CRIME_WORDS.some((w) => lower.includes(w))) categories.push('S2');
  if (fake.minorMarkers.some((m) => lower.includes(m.toLowerCase()))) categories.push('S4');
  if (SEXUAL_WORDS.some((w) => lower.includes(w)) || categories.includes('S4')) categories.push('S12');
  return categories.length === 0 ? 'safe' : `unsafe\n${categories.join(',')}`;
}

export async function startLlamaGuardFake(
  mode: LlamaGuardFakeMode = 'ok',
  options: { model?: string; apiKey?: string; minorMarkers?: string[] } = {},
): Promise<LlamaGuardFake> {
  const error = (status: number, message: string, type: string) => ({
    object: 'error',
    message,
    type,
    param: null,
    code: status,
  });
  const server = await startFakeServer((req, res) => {
    if (fake.apiKey !== undefined && req.headers.authorization !== `Bearer ${fake.apiKey}`) {
      return sendJson(res, 401, { error: 'Unauthorized' });
    }
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') {
      return sendJson(res, 404, { detail: 'Not Found' });
    }
    const body = req.json as
      { model?: unknown; messages?: Array<{ role?: unknown; content?: unknown }>; max_tokens?: unknown } | undefined;
    if (body?.model !== fake.model) {
      return sendJson(res, 404, error(404, `The model \`${String(body?.model)}\` does not exist.`, 'NotFoundError'));
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const last = messages.at(-1);
    if (!last || last.role !== 'user' || typeof last.content !== 'string') {
      return sendJson(res, 400, error(400, 'Conversation roles must alternate user/assistant', 'BadRequestError'));
    }
    switch (fake.mode) {
      case 'hang':
        return; // never answered
      case 'server-error':
        return sendJson(res, 500, error(500, 'CUDA out of memory', 'InternalServerError'));
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>502 Bad Gateway</body></html>');
      default:
        break;
    }
    const content = fake.mode === 'malformed' ? 'I cannot help with that request.' : classify(last.content, fake);
    return sendJson(res, 200, {
      id: `chatcmpl-${randomUUID().replace(/-/g, '')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: fake.model,
      choices: [
        { index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop', stop_reason: null },
      ],
      usage: { prompt_tokens: 212, completion_tokens: content.split('\n').length + 1, total_tokens: 215 },
    });
  });
  const fake: LlamaGuardFake = {
    ...server,
    mode,
    model: options.model ?? 'meta-llama/Llama-Guard-3-8B',
    apiKey: options.apiKey,
    minorMarkers: options.minorMarkers ?? [GUARD_MINOR_MARKER],
  };
  return fake;
}
