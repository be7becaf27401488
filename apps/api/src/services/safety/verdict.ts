// One verdict type for every safety stage (prompt screens and picture checks) and for the pipeline.

/** Where a decision was made. */
export type SafetyStage = 'input' | 'lexicon' | 'classifier' | 'picture';

/** The rule category the member is told about (never the matched words). */
export type SafetyCategory = 'minors';

export const SAFETY_CATEGORY_LABELS: Record<SafetyCategory, string> = {
  minors: 'content involving minors',
};

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

/** A picture check's answer: how many faces, the youngest estimate, and whether the picture is held. */
export type PictureVerdict = {
  faces: number;
  /** Youngest estimated age among the faces (null: no face). */
  minAge: number | null;
  /** Which estimators answered ('face-age-local', 'face-age-rekognition'). */
  checker: string;
} & ({ outcome: 'allowed' } | (Omit<SafetyRefusal, 'outcome'> & { outcome: 'held' }));

/** Runs between the image model and storage in the worker. */
export interface PictureSafetyCheck {
  readonly name: string;
  /** `image`: WebP, PNG or JPEG bytes. Throws when a checker fails: the job retries (fail closed). */
  check(image: Buffer, signal?: AbortSignal): Promise<PictureVerdict>;
}
