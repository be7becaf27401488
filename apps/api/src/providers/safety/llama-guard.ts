import type { SafetyVerdict } from './verdict.ts';
import { createClassifierClient, isRecord } from './classifier-http.ts';
import { SafetyProviderError, type PromptClassifier } from './index.ts';

const PROVIDER = 'llama-guard';
export const LLAMA_GUARD_DEFAULT_MODEL = 'meta-llama/Llama-Guard-3-8B';
/**
 * Child Sexual Exploitation in Llama Guard 3 and 4 (MLCommons hazard taxonomy) and Child
 * Exploitation in Llama Guard 2. S12 (Sexual Content) and the rest do not refuse here: every prompt of
 * this product is sexual.
 */
const CHILD_EXPLOITATION = 'S4';

export interface LlamaGuardOptions {
  /** Base URL of an OpenAI-compatible chat API serving the model (vLLM, Ollama, TGI). */
  baseUrl: string;
  apiKey?: string | undefined;
  /** Default meta-llama/Llama-Guard-3-8B (Ollama: llama-guard3:8b). */
  model?: string | undefined;
  timeoutMs: number;
}

/**
 * Reads Llama Guard's answer: `safe`, or `unsafe` and on the next line the violated categories,
 * comma-separated (`unsafe\nS4,S12`). Anything else is not an answer. `truncated`: the answer hit
 * max_tokens, so its last category may be cut off ('S1' of 'S12') and is left out.
 */
export function parseLlamaGuardAnswer(
  content: string,
  truncated = false,
): { safe: true } | { safe: false; categories: string[] } {
  const [verdict = '', ...rest] = content.trim().split(/\r?\n/);
  const word = verdict.trim().toLowerCase();
  if (word === 'safe' && rest.every((line) => !line.trim())) return { safe: true };
  if (word !== 'unsafe')
    throw new SafetyProviderError(PROVIDER, `malformed answer: ${JSON.stringify(content.slice(0, 80))}`);
  const categories = rest
    .join(',')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase());
  // Only 'S' and 'S1' (of S10..S14) can be the start of a longer category.
  if (truncated && !/[\s,]$/.test(content) && ['S', 'S1'].includes(categories.at(-1) ?? '')) categories.pop();
  if (categories.length === 0 || !categories.every((c) => /^S\d{1,2}$/.test(c))) {
    throw new SafetyProviderError(
      PROVIDER,
      `malformed answer: unsafe without categories: ${JSON.stringify(content.slice(0, 80))}`,
    );
  }
  return { safe: false, categories };
}

/**
 * A Llama Guard safety model behind an OpenAI-compatible chat endpoint: POST {base}/v1/chat/completions
 * with the prompt as the user's message (the model's chat template wraps it in the safety policy) at
 * temperature 0. Unsafe with S4 refuses and is escalated; unsafe with other categories only is allowed.
 */
export function createLlamaGuardClassifier(options: LlamaGuardOptions): PromptClassifier {
  const client = createClassifierClient({ provider: PROVIDER, ...options });
  const model = options.model ?? LLAMA_GUARD_DEFAULT_MODEL;

  return {
    stage: 'classifier',
    name: PROVIDER,
    async check(prompt, signal): Promise<SafetyVerdict> {
      const answer = await client.postJson(
        'chat/completions',
        { model, messages: [{ role: 'user', content: prompt }], temperature: 0, max_tokens: 20, stream: false },
        signal,
      );
      const choices = isRecord(answer) ? answer.choices : undefined;
      const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
      const message = isRecord(first) ? first.message : undefined;
      const content = isRecord(message) ? message.content : undefined;
      if (typeof content !== 'string') {
        throw new SafetyProviderError(PROVIDER, 'malformed answer: no choices[0].message.content');
      }
      const parsed = parseLlamaGuardAnswer(content, isRecord(first) && first.finish_reason === 'length');
      if (parsed.safe || !parsed.categories.includes(CHILD_EXPLOITATION)) return { outcome: 'allowed' };
      return {
        outcome: 'refused',
        stage: 'classifier',
        category: 'minors',
        rule: `${PROVIDER}:${CHILD_EXPLOITATION}`,
        matched: parsed.categories,
        escalate: true,
      };
    },
  };
}
