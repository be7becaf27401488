// The SDK is imported on the first file read or written (~22 MiB resident): a process that never
// touches a file, or runs on the local disk, does not load it.
import type * as S3Module from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { onFirstUse } from '../../lib/on-first-use.ts';
import type { AppConfig } from '../../config/env.ts';
import { assertSafeKey, type ImageStorage } from './index.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3-compatible services (MinIO, R2, ...): their endpoint. Unset = AWS S3. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Both or neither; neither = the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Folder in the bucket that every key goes under. */
  prefix?: string | undefined;
}

/** The S3 options from the config, or null when no bucket is configured (local disk then). */
export function s3OptionsFrom(
  config: Pick<
    AppConfig,
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_PREFIX'
  >,
): S3StorageOptions | null {
  if (!config.S3_BUCKET) return null;
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: config.S3_PREFIX,
  };
}

/**
 * The object does not exist: NoSuchKey, or a bare 404 from services that send no error body. A
 * missing bucket is a configuration error and must not read as "no such image".
 */
type S3Sdk = typeof S3Module;

function isMissing(sdk: S3Sdk, err: unknown): boolean {
  if (!(err instanceof sdk.S3ServiceException) || err.name === 'NoSuchBucket') return false;
  return err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404;
}

/** Image files as objects in an S3 bucket (AWS or an S3-compatible service), under an optional prefix. */
export function createS3Storage(options: S3StorageOptions): ImageStorage {
  const connect = onFirstUse(async (): Promise<{ sdk: S3Sdk; client: S3Client }> => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Newer SDKs add CRC checksums that several S3-compatible services reject; SigV4 already signs
      // the payload hash, so only send checksums where S3 demands them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A hung connection must not hold a worker forever; the SDK retries on its own.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
    return { sdk, client };
  });
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: options.bucket, Key: objectKey(key), Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(sdk, err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that does not exist, like rm -f.
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
