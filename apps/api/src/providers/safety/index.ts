// Safety providers: semantic prompt classifiers (hosted or self-hosted models) and picture checkers
// (face detection with age estimation). The services in services/safety turn their answers into
// verdicts; select.ts picks them from configuration.
import type { RgbPicture } from '../../lib/picture-pixels.ts';
import type { PromptSafetyStage } from './verdict.ts';

/** A semantic classifier of prompts: a PromptSafetyStage whose stage is 'classifier'. */
export type PromptClassifier = PromptSafetyStage & { readonly stage: 'classifier' };

/** One face found in a picture, with its estimated age. */
export interface FaceAge {
  /** Estimated age in years. When a checker gives a range, its lower bound. */
  age: number;
  /** Detection confidence 0..1. */
  score: number;
  /** Where the face is, in pixels of the checked picture. */
  box: { x: number; y: number; width: number; height: number };
}

/** Finds faces in a picture and estimates their ages. */
export interface FaceAgeEstimator {
  /** 'face-age-local', 'face-age-rekognition': stored with a hold. */
  readonly name: string;
  /**
   * Looks at the picture on this machine, so it can take it decoded (`pixels`): the worker then decodes
   * once for it and the thumbnail (lib/picture-pixels.ts). Hosted estimators send the bytes.
   */
  readonly usesPixels?: boolean;
  /**
   * `image`: WebP, PNG or JPEG bytes. `pixels`: the same picture decoded by decodeRgb, when the caller
   * has it (an estimator without `usesPixels` ignores it).
   */
  estimate(image: Buffer, signal?: AbortSignal, pixels?: Promise<RgbPicture>): Promise<FaceAge[]>;
  /** Frees what it holds (threads, models), on shutdown; estimators holding nothing have none. */
  close?(): Promise<void>;
}

/** A checker failed (timeout, bad answer): the worker fails closed and retries the job. */
export class SafetyProviderError extends Error {
  override readonly name = 'SafetyProviderError';
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
  }
}
