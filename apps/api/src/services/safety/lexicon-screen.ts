import { checkPromptSafety } from './check-prompt-safety.ts';
import type { PromptSafetyStage } from './verdict.ts';

/** The deterministic, offline first stage (word lists per language, age expressions). */
export function createLexiconStage(): PromptSafetyStage {
  return {
    stage: 'lexicon',
    name: 'lexicon',
    check(prompt) {
      const verdict = checkPromptSafety(prompt);
      if (verdict.allowed) return { outcome: 'allowed' };
      return { outcome: 'refused', stage: 'lexicon', category: 'minors', rule: 'lexicon:en:minor', matched: verdict.matched };
    },
  };
}
