import type { SafetyVerdict } from './verdict.ts';
import { createClassifierClient, isRecord } from './classifier-http.ts';
import { SafetyProviderError, type PromptClassifier } from './index.ts';

const PROVIDER = 'openai-moderation';
export const OPENAI_MODERATION_DEFAULT_MODEL = 'omni-moderation-latest';
/** The one category that refuses: every prompt of this product is sexual, so `sexual` alone does not. */
const MINORS = 'sexual/minors';

export interface OpenAiModerationOptions {
  /** Base URL of an OpenAI-compatible API (https://api.openai.com, a self-hosted gateway). */
  baseUrl: string;
  apiKey?: string | undefined;
  /** Default omni-moderation-latest. */
  model?: string | undefined;
  timeoutMs: number;
}

/**
 * An OpenAI-compatible moderation endpoint: POST {base}/v1/moderations with { model, input } answers
 * { id, model, results: [{ flagged, categories: { 'sexual/minors': bool, ... }, category_scores }] }.
 * `sexual/minors` flagged refuses (and is escalated as child sexual abuse content); the other
 * categories do not decide anything here. An answer without that category is an error.
 */
export function createOpenAiModerationClassifier(options: OpenAiModerationOptions): PromptClassifier {
  const client = createClassifierClient({ provider: PROVIDER, ...options });
  const model = options.model ?? OPENAI_MODERATION_DEFAULT_MODEL;

  return {
    stage: 'classifier',
    name: PROVIDER,
    async check(prompt, signal): Promise<SafetyVerdict> {
      const answer = await client.postJson('moderations', { model, input: prompt }, signal);
      const results = isRecord(answer) ? answer.results : undefined;
      if (!Array.isArray(results) || results.length === 0) {
        throw new SafetyProviderError(PROVIDER, 'malformed answer: no results');
      }
      const matched: string[] = [];
      for (const result of results) {
        const categories = isRecord(result) ? result.categories : undefined;
        const flag = isRecord(categories) ? categories[MINORS] : undefined;
        if (typeof flag !== 'boolean') {
          throw new SafetyProviderError(PROVIDER, `malformed answer: no boolean categories["${MINORS}"]`);
        }
        if (!flag) continue;
        const scores = isRecord(result) && isRecord(result.category_scores) ? result.category_scores : {};
        const score = scores[MINORS];
        matched.push(typeof score === 'number' ? `${MINORS}=${Math.round(score * 1e4) / 1e4}` : MINORS);
      }
      if (matched.length === 0) return { outcome: 'allowed' };
      return {
        outcome: 'refused',
        stage: 'classifier',
        category: 'minors',
        rule: `${PROVIDER}:${MINORS}`,
        matched,
        escalate: true,
      };
    },
  };
}
