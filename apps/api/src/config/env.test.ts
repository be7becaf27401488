import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { loadCliConfig, REPO_ROOT } from './env.ts';

const DATABASE_URL = 'postgresql://velvet:velvet@localhost:5432/velvet';

describe('loadCliConfig', () => {
  it('parses only the variables the tool names, with the server defaults', () => {
    // A bad variable the tool does not read does not stop it.
    const env = { DATABASE_URL, PORT: 'not a port', JWT_SECRET: 'short' };
    expect(loadCliConfig(['DATABASE_URL', 'STORAGE_DIR'], { env })).toEqual({
      DATABASE_URL,
      STORAGE_DIR: path.join(REPO_ROOT, '.data/storage'),
    });
    expect(loadCliConfig(['SEED_DEMO_IMAGES', 'VELVET_DATA_DIR'], { env: {} })).toEqual({
      SEED_DEMO_IMAGES: 0,
      VELVET_DATA_DIR: path.join(REPO_ROOT, '.data'),
    });
    expect(loadCliConfig(['PORT', 'SEED_DEMO_IMAGES'], { env: { PORT: '4100', SEED_DEMO_IMAGES: '240' } })).toEqual({
      PORT: 4100,
      SEED_DEMO_IMAGES: 240,
    });
  });

  it('names a required variable that is unset, as the tools always said', () => {
    expect(() => loadCliConfig(['DATABASE_URL'], { env: {} })).toThrow(/^DATABASE_URL is not set\.$/);
  });

  it('stops on a bad value with the message naming the variable', () => {
    expect(() => loadCliConfig(['DATABASE_URL'], { env: { DATABASE_URL: 'velvet-db' } })).toThrow(
      'Invalid configuration:\n  DATABASE_URL: DATABASE_URL must be a postgresql:// URL',
    );
    expect(() => loadCliConfig(['SEED_DEMO_IMAGES'], { env: { SEED_DEMO_IMAGES: 'lots' } })).toThrow(
      'Invalid configuration:\n  SEED_DEMO_IMAGES: SEED_DEMO_IMAGES must be a whole number of images',
    );
    expect(() => loadCliConfig(['SEED_DEMO_IMAGES'], { env: { SEED_DEMO_IMAGES: '-1' } })).toThrow(
      /SEED_DEMO_IMAGES: SEED_DEMO_IMAGES must be a whole number/,
    );
    expect(() => loadCliConfig(['PORT'], { env: { PORT: 'eighty' } })).toThrow(/^Invalid configuration:\n {2}PORT: /);
  });

  it('leaves an optional variable undefined when unset or empty, and checks it when set', () => {
    expect(loadCliConfig([], { optional: ['DATABASE_URL'], env: {} })).toEqual({});
    expect(loadCliConfig([], { optional: ['DATABASE_URL'], env: { DATABASE_URL: '' } })).toEqual({});
    expect(loadCliConfig([], { optional: ['DATABASE_URL'], env: { DATABASE_URL } })).toEqual({ DATABASE_URL });
    expect(() => loadCliConfig([], { optional: ['DATABASE_URL'], env: { DATABASE_URL: 'velvet-db' } })).toThrow(
      /DATABASE_URL: DATABASE_URL must be a postgresql:\/\/ URL/,
    );
  });
});

describe('eslint: only config/ reads process.env', { timeout: 30_000 }, () => {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.line);
  };

  it('fails a read of process.env in API and worker code, in any spelling', async () => {
    const code = [
      'export const port = process.env.PORT;',
      'const { env } = process;',
      "export const url = process['env'].DATABASE_URL;",
      'export const all = env;',
    ].join('\n');
    expect(await lint('apps/api/src/services/example.ts', code)).toEqual([1, 2, 3]);
    expect(await lint('apps/api/src/db/example.ts', code)).toEqual([1, 2, 3]);
    expect(await lint('apps/worker/src/example.ts', code)).toEqual([1, 2, 3]);
  });

  it('allows it in config/ and in tests', async () => {
    const code = 'export const port = process.env.PORT;';
    expect(await lint('apps/api/src/config/example.ts', code)).toEqual([]);
    expect(await lint('apps/api/src/services/example.test.ts', code)).toEqual([]);
  });
});
