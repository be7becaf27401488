// The picture check between the image model and storage: every face estimator looks at the picture,
// the youngest estimate counts, and a face under the minimum age withholds the picture for review.
import { type FaceAge, type FaceAgeEstimator, SafetyProviderError } from '../../providers/safety/index.ts';
import type { PictureSafetyCheck, PictureVerdict } from './verdict.ts';

/**
 * `estimators`: at least one (SAFETY_PICTURE_CHECK off means no check at all, not an empty one).
 * `minAge`: SAFETY_FACE_MIN_AGE; a face estimated younger holds the picture.
 * check() throws when any estimator fails: the worker retries, a picture is never allowed unchecked.
 */
export function createPictureSafetyCheck(estimators: FaceAgeEstimator[], minAge: number): PictureSafetyCheck {
  if (estimators.length === 0) throw new Error('A picture check needs at least one face age estimator');
  const checker = estimators.map((e) => e.name).join('+');
  return {
    name: checker,
    usesPixels: estimators.some((estimator) => estimator.usesPixels === true),
    async close() {
      await Promise.all(estimators.map((estimator) => estimator.close?.()));
    },
    async check(image, signal, pixels): Promise<PictureVerdict> {
      const answers = await Promise.all(
        estimators.map(async (estimator) => ({
          estimator: estimator.name,
          faces: await estimator.estimate(image, signal, estimator.usesPixels ? pixels : undefined),
        })),
      );
      const estimates: { estimator: string; face: FaceAge }[] = [];
      for (const answer of answers) {
        for (const face of answer.faces) {
          // An age that is not a number would compare as "not under": never let it through.
          if (!Number.isFinite(face.age)) {
            throw new SafetyProviderError(answer.estimator, 'answered a face without a valid age');
          }
          estimates.push({ estimator: answer.estimator, face });
        }
      }
      // Estimators may see the same faces: count the most any one of them found.
      const faces = Math.max(0, ...answers.map((a) => a.faces.length));
      const youngest = estimates.length > 0 ? Math.min(...estimates.map((e) => e.face.age)) : null;
      const under = estimates.filter((e) => e.face.age < minAge).sort((a, b) => a.face.age - b.face.age);
      if (under.length === 0) return { outcome: 'allowed', faces, minAge: youngest, checker };
      return {
        outcome: 'held',
        stage: 'picture',
        category: 'minors',
        rule: `picture:face-under-${minAge}`,
        // Rounded down: an estimate of 24.6 held under 25 reads "~24", not "~25".
        matched: under.map((e) => `face ~${Math.floor(e.face.age)} (${e.estimator})`),
        faces,
        minAge: youngest,
        checker,
      };
    },
  };
}
