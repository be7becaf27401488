// The picture verdict and the wording of a category, on the verdict the safety providers return
// (providers/safety/verdict.ts: stages, categories, SafetyVerdict, PromptSafetyStage).
import type { RgbPicture } from '../../lib/picture-pixels.ts';
import type { SafetyCategory, SafetyRefusal } from '../../providers/safety/verdict.ts';

export const SAFETY_CATEGORY_LABELS: Record<SafetyCategory, string> = {
  minors: 'content involving minors',
};

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
  /** Whether an estimator decodes the picture on this machine (and so takes `pixels`). */
  readonly usesPixels: boolean;
  /**
   * `image`: WebP, PNG or JPEG bytes; `pixels`: the same decoded (lib/picture-pixels.ts), for the
   * estimators that use them. Throws when a checker fails: the job retries (fail closed).
   */
  check(image: Buffer, signal?: AbortSignal, pixels?: Promise<RgbPicture>): Promise<PictureVerdict>;
  /** Ends what the estimators hold (the local check's threads): the process's shutdown. */
  close(): Promise<void>;
}
