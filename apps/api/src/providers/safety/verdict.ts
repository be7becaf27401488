// What a prompt stage answers: the verdict every safety stage and the pipeline speak. It lives with the
// providers because the classifiers (openai-moderation.ts, llama-guard.ts) return it; services/safety
// builds the lexicon screen, the pipeline and the picture verdict (services/safety/verdict.ts) on it.

/** Where a decision was made. */
export type SafetyStage = 'input' | 'lexicon' | 'classifier' | 'picture';

/** The rule category the member is told about (never the matched words). */
export type SafetyCategory = 'minors';

export type SafetyVerdict =
  | { outcome: 'allowed' }
  | {
      /** 'refused': nothing is generated or charged. 'held': kept from the member for a person to review. */
      outcome: 'refused' | 'held';
      stage: SafetyStage;
      category: SafetyCategory;
      /** The stage's rule id, for the log and the evaluation ('lexicon:es:school', 'age:under-18', 'openai:sexual/minors'). */
      rule: string;
      /** What matched (normalised words, classifier categories, estimated ages): for reviewers only. */
      matched: string[];
      /** The stage rates it as child sexual abuse material: an escalation record is kept. */
      escalate?: boolean;
    };

export type SafetyRefusal = Exclude<SafetyVerdict, { outcome: 'allowed' }>;

export const ALLOWED: SafetyVerdict = { outcome: 'allowed' };

/** A prompt stage: the deterministic lexicon screen or a semantic classifier. */
export interface PromptSafetyStage {
  readonly stage: SafetyStage;
  /** A short name for logs and the evaluation ('lexicon', 'openai-moderation', 'llama-guard'). */
  readonly name: string;
  check(prompt: string, signal?: AbortSignal): SafetyVerdict | Promise<SafetyVerdict>;
}
