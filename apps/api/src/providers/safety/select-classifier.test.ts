import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { createPromptClassifier } from './select-classifier.ts';

function config(env: Record<string, string>) {
  return loadConfig({
    DATABASE_URL: 'postgresql://u:p@localhost:5432/db',
    REDIS_URL: 'redis://localhost:6379',
    JWT_SECRET: 'x'.repeat(32),
    ...env,
  });
}

describe('prompt classifier selection', () => {
  it('is none unless SAFETY_CLASSIFIER is set', () => {
    expect(createPromptClassifier(config({}))).toBeNull();
    expect(createPromptClassifier(config({ SAFETY_CLASSIFIER_URL: 'http://vllm:8000' }))).toBeNull();
  });

  it('builds the configured adapter as a classifier stage', () => {
    const openai = createPromptClassifier(
      config({ SAFETY_CLASSIFIER: 'openai-moderation', SAFETY_CLASSIFIER_URL: 'https://api.openai.com' }),
    );
    expect([openai?.stage, openai?.name]).toEqual(['classifier', 'openai-moderation']);
    const guard = createPromptClassifier(
      config({ SAFETY_CLASSIFIER: 'llama-guard', SAFETY_CLASSIFIER_URL: 'http://ollama:11434/v1' }),
    );
    expect([guard?.stage, guard?.name]).toEqual(['classifier', 'llama-guard']);
  });

  it('stops start-up when the URL is missing', () => {
    expect(() => createPromptClassifier(config({ SAFETY_CLASSIFIER: 'llama-guard' }))).toThrow(
      'SAFETY_CLASSIFIER_URL: required when SAFETY_CLASSIFIER=llama-guard',
    );
    expect(() => config({ SAFETY_CLASSIFIER: 'perspective' })).toThrow(/SAFETY_CLASSIFIER/);
  });
});
