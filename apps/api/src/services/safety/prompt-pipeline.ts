import { ALLOWED, type PromptSafetyStage, type SafetyVerdict } from '../../providers/safety/verdict.ts';

/** A classifier failed and the pipeline fails closed: nothing is generated or charged; try later. */
export class SafetyUnavailableError extends Error {
  override readonly name = 'SafetyUnavailableError';
}

export const SAFETY_UNAVAILABLE_DETAIL =
  'The safety check is unavailable right now, so nothing was generated and no coins were taken. Please try again in a moment.';

export interface PromptSafety {
  /** The stages in order (the evaluation runs each alone too). */
  readonly stages: readonly PromptSafetyStage[];
  /** The first stage that does not allow the prompt decides; later stages are not asked. */
  check(prompt: string, signal?: AbortSignal): Promise<SafetyVerdict>;
}

export interface PromptPipelineOptions {
  /** A stage that throws refuses (SafetyUnavailableError) instead of being skipped. */
  failClosed: boolean;
  /** Told when a stage fails open, so operators see it. */
  onStageError?: (stage: PromptSafetyStage, error: unknown) => void;
}

/**
 * The prompt screen: deterministic stages first (cheap, always on), then semantic classifiers. A
 * stage that fails is skipped only when the pipeline fails open.
 */
export function createPromptPipeline(stages: PromptSafetyStage[], options: PromptPipelineOptions): PromptSafety {
  return {
    stages,
    async check(prompt, signal) {
      for (const stage of stages) {
        let verdict: SafetyVerdict;
        try {
          verdict = await stage.check(prompt, signal);
        } catch (error) {
          options.onStageError?.(stage, error);
          if (options.failClosed) throw new SafetyUnavailableError(`${stage.name} failed`, { cause: error });
          continue;
        }
        if (verdict.outcome !== 'allowed') return verdict;
      }
      return ALLOWED;
    },
  };
}
