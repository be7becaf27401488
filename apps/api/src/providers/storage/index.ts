/**
 * Where image files live. Local disk by default; an S3-compatible bucket when configured (generation
 * issue). Keys are built by the server from ids it generated (see image-keys.ts), never from user
 * input, and every implementation still refuses a key that could escape its root.
 */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.length > 512) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
