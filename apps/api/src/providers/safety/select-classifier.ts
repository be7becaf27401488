import type { AppConfig } from '../../config/env.ts';
import type { PromptClassifier } from './index.ts';
import { createLlamaGuardClassifier } from './llama-guard.ts';
import { createOpenAiModerationClassifier } from './openai-moderation.ts';

export type ClassifierConfig = Pick<
  AppConfig,
  | 'SAFETY_CLASSIFIER'
  | 'SAFETY_CLASSIFIER_URL'
  | 'SAFETY_CLASSIFIER_API_KEY'
  | 'SAFETY_CLASSIFIER_MODEL'
  | 'SAFETY_CLASSIFIER_TIMEOUT_MS'
>;

/**
 * The semantic prompt classifier SAFETY_CLASSIFIER names, or null when none is configured (the word
 * lists then screen alone). Runs at start-up, so a missing URL stops the API and the worker at once.
 */
export function createPromptClassifier(config: ClassifierConfig): PromptClassifier | null {
  const kind = config.SAFETY_CLASSIFIER;
  if (!kind) return null;
  const baseUrl = config.SAFETY_CLASSIFIER_URL;
  if (!baseUrl) {
    throw new Error(`Invalid configuration:\n  SAFETY_CLASSIFIER_URL: required when SAFETY_CLASSIFIER=${kind}`);
  }
  const options = {
    baseUrl,
    apiKey: config.SAFETY_CLASSIFIER_API_KEY,
    model: config.SAFETY_CLASSIFIER_MODEL,
    timeoutMs: config.SAFETY_CLASSIFIER_TIMEOUT_MS,
  };
  switch (kind) {
    case 'openai-moderation':
      return createOpenAiModerationClassifier(options);
    case 'llama-guard':
      return createLlamaGuardClassifier(options);
  }
}
