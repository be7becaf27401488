import { describe, expect, it } from 'vitest';
import { s3OptionsFrom } from './s3.ts';

const base = {
  S3_BUCKET: undefined,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: undefined,
  S3_FORCE_PATH_STYLE: false,
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  S3_PREFIX: undefined,
};

describe('S3 storage configuration', () => {
  it('is off without a bucket (local disk is used)', () => {
    expect(s3OptionsFrom(base)).toBeNull();
  });

  it('takes bucket, region, endpoint, path style, keys and prefix', () => {
    expect(
      s3OptionsFrom({
        ...base,
        S3_BUCKET: 'velvet-images',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: true,
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'velvet',
      }),
    ).toEqual({
      bucket: 'velvet-images',
      region: 'auto',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      prefix: 'velvet',
    });
  });

  it('refuses half a key pair', () => {
    expect(() => s3OptionsFrom({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AKID' })).toThrow('set both or neither');
  });
});
