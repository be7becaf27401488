import { describe, expect, it } from 'vitest';
import { localFaceAgeMemory } from './face-age-local.ts';
import { createFaceAgeEstimators, type FaceAgeConfig } from './select-face-age.ts';

const base: FaceAgeConfig = {
  SAFETY_PICTURE_CHECK: 'local',
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

  it('loads no model until a picture is checked (the API process never checks one)', () => {
    createFaceAgeEstimators(base);
    expect(localFaceAgeMemory()).toBeNull();
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
