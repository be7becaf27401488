import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageOptions } from '../../../src/providers/storage/s3.ts';
import { FAKE_S3, startS3Fake, type S3Fake } from '../../support/fakes/s3.ts';

let fake: S3Fake;
let options: S3StorageOptions;
beforeAll(async () => {
  fake = await startS3Fake();
  options = {
    bucket: FAKE_S3.bucket,
    region: FAKE_S3.region,
    endpoint: fake.url,
    forcePathStyle: true,
    accessKeyId: FAKE_S3.accessKeyId,
    secretAccessKey: FAKE_S3.secretAccessKey,
  };
});
afterAll(() => fake.close());

const KEY = `images/${'a'.repeat(32)}/${'a'.repeat(32)}001.webp`;

describe('S3 image storage (fake S3-compatible server, path-style)', () => {
  it('puts, gets and deletes objects with SigV4-signed requests', async () => {
    const storage = createS3Storage(options);
    expect(storage.kind).toBe('s3');
    const data = Buffer.from('RIFF....WEBPVP8 fake picture bytes');
    const before = fake.requests.length;

    await storage.put(KEY, data, 'image/webp');
    expect(fake.objects.get(KEY)).toEqual({ body: data, contentType: 'image/webp' });
    expect(await storage.get(KEY)).toEqual(data);
    await storage.delete(KEY);
    expect(fake.objects.has(KEY)).toBe(false);

    const requests = fake.requests.slice(before);
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['PUT', `/${FAKE_S3.bucket}/${KEY}`],
      ['GET', `/${FAKE_S3.bucket}/${KEY}`],
      ['DELETE', `/${FAKE_S3.bucket}/${KEY}`],
    ]);
    expect(requests[0]!.headers['content-type']).toBe('image/webp');
    const signatures = fake.signatures.slice(before);
    expect(signatures.every((s) => s.valid)).toBe(true);
    expect(signatures[0]!.credential).toMatch(
      new RegExp(`^${FAKE_S3.accessKeyId}/\\d{8}/${FAKE_S3.region}/s3/aws4_request$`),
    );
    expect(signatures[0]!.signedHeaders).toEqual(
      expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']),
    );
  });

  it('answers null for a key that does not exist (S3 NoSuchKey 404)', async () => {
    expect(await createS3Storage(options).get('images/missing/none.webp')).toBeNull();
    expect(fake.requests.at(-1)!.method).toBe('GET');
  });

  it('puts every key under S3_PREFIX', async () => {
    const storage = createS3Storage({ ...options, prefix: 'velvet/prod' });
    await storage.put('thumbs/x/y.webp', Buffer.from('thumb'), 'image/webp');
    expect(fake.requests.at(-1)!.path).toBe(`/${FAKE_S3.bucket}/velvet/prod/thumbs/x/y.webp`);
    expect((await storage.get('thumbs/x/y.webp'))?.toString()).toBe('thumb');
  });

  it('fails loudly on a wrong secret or a missing bucket instead of reporting "no such image"', async () => {
    const badSecret = createS3Storage({ ...options, secretAccessKey: 'not-the-secret' });
    await expect(badSecret.get(KEY)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(fake.signatures.at(-1)!.valid).toBe(false);
    const noBucket = createS3Storage({ ...options, bucket: 'no-such-bucket' });
    await expect(noBucket.get(KEY)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('refuses unsafe keys before sending anything', async () => {
    const storage = createS3Storage(options);
    const before = fake.requests.length;
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Unsafe storage key');
    await expect(storage.get('/abs/key')).rejects.toThrow('Unsafe storage key');
    await expect(storage.delete('images/../../x')).rejects.toThrow('Unsafe storage key');
    expect(fake.requests.length).toBe(before);
  });
});
