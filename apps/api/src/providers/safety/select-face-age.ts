import type { AppConfig } from '../../config/env.ts';
import { createLocalFaceAgeEstimator } from './face-age-local.ts';
import { createRekognitionFaceAgeEstimator } from './face-age-rekognition.ts';
import type { FaceAgeEstimator } from './index.ts';

export type FaceAgeConfig = Pick<
  AppConfig,
  | 'SAFETY_PICTURE_CHECK'
  | 'SAFETY_FACE_THREADS'
  | 'SAFETY_FACE_IDLE_SECONDS'
  | 'SAFETY_REKOGNITION_REGION'
  | 'SAFETY_REKOGNITION_ENDPOINT'
  | 'SAFETY_REKOGNITION_ACCESS_KEY_ID'
  | 'SAFETY_REKOGNITION_SECRET_ACCESS_KEY'
>;

/**
 * The face age estimators SAFETY_PICTURE_CHECK names (`local`, `rekognition`, `local+rekognition`;
 * `off`: none). Creating them loads nothing: the local model loads in a thread on the worker's first
 * picture. Estimators that hold threads have close() (the worker's shutdown).
 */
export function createFaceAgeEstimators(config: FaceAgeConfig): FaceAgeEstimator[] {
  const names = config.SAFETY_PICTURE_CHECK === 'off' ? [] : config.SAFETY_PICTURE_CHECK.split('+');
  return names.map((name) => {
    if (name === 'local') {
      return createLocalFaceAgeEstimator({
        threads: config.SAFETY_FACE_THREADS,
        idleSeconds: config.SAFETY_FACE_IDLE_SECONDS,
      });
    }
    if (name === 'rekognition') {
      const { SAFETY_REKOGNITION_ACCESS_KEY_ID: accessKeyId, SAFETY_REKOGNITION_SECRET_ACCESS_KEY: secretAccessKey } =
        config;
      if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
        throw new Error(
          'Invalid configuration:\n  SAFETY_REKOGNITION_ACCESS_KEY_ID / SAFETY_REKOGNITION_SECRET_ACCESS_KEY: set both or neither',
        );
      }
      return createRekognitionFaceAgeEstimator({
        region: config.SAFETY_REKOGNITION_REGION,
        endpoint: config.SAFETY_REKOGNITION_ENDPOINT,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      });
    }
    throw new Error(`Invalid configuration:\n  SAFETY_PICTURE_CHECK: unknown checker ${name}`);
  });
}
