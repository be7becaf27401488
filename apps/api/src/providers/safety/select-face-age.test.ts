import { describe, expect, it } from 'vitest';
import type { LocalFaceAgeEstimator } from './face-age-local.ts';
import { createFaceAgeEstimators, type FaceAgeConfig } from './select-face-age.ts';

const base: FaceAgeConfig = {
  SAFETY_PICTURE_CHECK: 'local',
  SAFETY_FACE_THREADS: 1,
  SAFETY_FACE_IDLE_SECONDS: 60,
  SAFETY_REKOGNITION_REGION: 'us-east-1',
  SAFETY_REKOGNITION_ENDPOINT: undefined,
  SAFETY_REKOGNITION_ACCESS_KEY_ID: undefined,
  SAFETY_REKOGNITION_SECRET_ACCESS_KEY: undefined,
};
const names = (config: Partial<FaceAgeConfig>) => createFaceAgeEstimators({ ...base, ...config }).map((e) => e.name);

describe('face age estimators from SAFETY_PICTURE_CHECK', () => {
  it('builds the named checkers, none when off', () => {
    expect(names({ SAFETY_PICTURE_CHECK: 'local' })).toEqual(['face-age-local']);
    expect(names({ SAFETY_PICTURE_CHECK: 'rekognition' })).toEqual(['face-age-rekognition']);
    expect(names({ SAFETY_PICTURE_CHECK: 'local+rekognition' })).toEqual(['face-age-local', 'face-age-rekognition']);
    expect(names({ SAFETY_PICTURE_CHECK: 'off' })).toEqual([]);
  });

  it('loads no model until a picture is checked (the API process never checks one)', async () => {
    const [local] = createFaceAgeEstimators(base) as [LocalFaceAgeEstimator];
    expect(local.stats()).toMatchObject({ threads: 0, started: 0 });
    expect(await local.memory()).toEqual([]);
  });

  it('gives the local check SAFETY_FACE_THREADS threads', () => {
    const size = (config: Partial<FaceAgeConfig>) =>
      (createFaceAgeEstimators({ ...base, ...config })[0] as LocalFaceAgeEstimator).stats().size;
    expect(size({ SAFETY_FACE_THREADS: 3 })).toBe(3);
    expect(size({ SAFETY_FACE_THREADS: 1 })).toBe(1);
  });

  it('refuses half a Rekognition key pair', () => {
    expect(() =>
      names({ SAFETY_PICTURE_CHECK: 'rekognition', SAFETY_REKOGNITION_ACCESS_KEY_ID: 'AKIAEXAMPLE' }),
    ).toThrow('set both or neither');
    expect(
      names({
        SAFETY_PICTURE_CHECK: 'rekognition',
        SAFETY_REKOGNITION_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        SAFETY_REKOGNITION_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual(['face-age-rekognition']);
  });
});
