// The web's import boundaries (CODE_STYLE.md) are kept by lint, not by goodwill: eslint.config.js is
// run on planted imports, one for each rule and each depth it counts '../' for, and must refuse each;
// the imports the layers are built on must pass.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: REPO_ROOT });
  // Loading the config and its plugins takes a few seconds; not a test's own time.
  await eslint.lintText('export {};\n', { filePath: `${REPO_ROOT}apps/web/src/lib/warm-up.ts` });
}, 60_000);

/** The no-restricted-imports messages for `specifier` imported from a planted file at `file` (under src/). */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\nexport {};\n`, {
    filePath: `${REPO_ROOT}apps/web/src/${file}`,
  });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const ANOTHER_FEATURE = 'A feature never imports another feature';
const FEATURE_TO_APP = 'A feature never imports app/';
const SHARED_TO_FEATURE = 'Shared code (lib/, components/, config/, testing/) never imports a feature or app/';
const WEB_TO_API = 'The web app talks to the API over HTTP only';

describe('lint refuses an upward or sideways import in the web app', () => {
  it.each([
    ['features/gallery/planted.ts', '../generate/api.ts', ANOTHER_FEATURE],
    ['features/gallery/components/planted.tsx', '../../generate/api.ts', ANOTHER_FEATURE],
    ['features/gallery/hooks/planted.ts', '../../payments/hooks/use-deposit-tracking.ts', ANOTHER_FEATURE],
    ['features/gallery/planted.ts', '../../app/store.ts', FEATURE_TO_APP],
    ['features/gallery/components/planted.tsx', '../../../app/hooks.ts', FEATURE_TO_APP],
    ['lib/planted.ts', '../features/auth/slice.ts', SHARED_TO_FEATURE],
    ['lib/planted.ts', '../app/store.ts', SHARED_TO_FEATURE],
    ['components/ui/planted.tsx', '../../features/toast/use-toast.ts', SHARED_TO_FEATURE],
    ['components/layouts/planted.tsx', '../../app/hooks.ts', SHARED_TO_FEATURE],
    ['config/planted.ts', '../features/legal/content.ts', SHARED_TO_FEATURE],
    ['testing/planted.ts', '../app/store.ts', SHARED_TO_FEATURE],
    ['features/gallery/planted.ts', '@velvet/api/services/images/image-access', WEB_TO_API],
    ['lib/planted.ts', '@velvet/api', WEB_TO_API],
  ])('%s importing %s', async (file, specifier, refusal) => {
    const messages = await refusals(file, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(refusal);
  });
});

describe('lint lets the layers import what is below them', () => {
  it.each([
    ['features/gallery/planted.ts', './slice.ts'],
    ['features/gallery/components/planted.tsx', '../api.ts'],
    ['features/gallery/components/planted.tsx', '../../../lib/image-api.ts'],
    ['features/gallery/hooks/planted.ts', '../../../components/ui/copy-button.tsx'],
    ['features/gallery/planted.ts', '../../config/paths.ts'],
    ['features/gallery/planted.ts', '@velvet/contracts/catalog'],
    ['components/ui/planted.tsx', '../../lib/use-copy-feedback.ts'],
    ['app/routes/gallery/planted.tsx', '../../../features/gallery/components/gallery-screen.tsx'],
    ['app/planted.ts', '../features/auth/slice.ts'],
  ])('%s importing %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });
});
