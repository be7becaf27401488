// The API's import boundaries (CODE_STYLE.md, docs/ARCHITECTURE.md) are kept by lint, not by goodwill:
// eslint.config.js is run on planted imports, one upward or sideways import per layer and depth, and must
// refuse each; the imports the layers are built on must pass. Every entry of src/ is tried from a service and
// a repository, so the config and the table of what they may import agree on each folder as it is added.
import fs from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const SRC = `${REPO_ROOT}apps/api/src/`;
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: REPO_ROOT });
  // Loading the config and its plugins takes a few seconds; not a test's own time.
  await eslint.lintText('export {};\n', { filePath: `${SRC}lib/warm-up.ts` });
}, 60_000);

/** The no-restricted-imports messages for `specifier` imported from a planted file at `file` (under src/). */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\nexport {};\n`, { filePath: `${SRC}${file}` });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const BOOTSTRAP = 'bootstrap/ (the composition root) builds from';
const PLUGINS = 'plugins/ import services/';
const ROUTES = 'routes/ call services/';
const SERVICES = 'services/ import repositories/';
const REPOSITORIES = 'repositories/ import only db/';
const PROVIDERS = "providers/<capability>/ import their own capability's files";
const JOB_DEFINITION = 'A job definition (jobs/<name>.job.ts, job.ts, queues.ts) imports';
const JOB_HANDLER = 'A job handler calls services/';
const JOB_REGISTRY = 'jobs/registry.ts lists the handlers';
const DB = 'db/ (the client, paths, the schema engine) imports';
const LIB = 'lib/ imports nothing else of the API';
const CONFIG = 'config/ imports nothing else of the API';
const BY_NAME = 'Inside the API, import by relative path';
const API_TO_WEB = 'The API does not import web code';

describe('lint refuses an upward or sideways import in the API', () => {
  it.each([
    // services: never plugins/, routes/, bootstrap/, a job handler, the registry, a select*.ts, an entry point
    ['services/generation/planted.ts', '../../plugins/app/services.ts', SERVICES],
    ['services/generation/planted.ts', '../../bootstrap/app-services.ts', SERVICES],
    ['services/safety/eval/planted.ts', '../../../bootstrap/create-services.ts', SERVICES],
    ['services/generation/planted.ts', '../../jobs/generation-run.handler.ts', SERVICES],
    ['services/generation/planted.ts', '../../jobs/job-handler.ts', SERVICES],
    ['services/generation/planted.ts', '../../jobs/registry.ts', SERVICES],
    ['services/images/planted.ts', '../../routes/images/index.ts', SERVICES],
    ['services/images/planted.ts', '../../providers/storage/select.ts', SERVICES],
    ['services/safety/planted.ts', '../../providers/safety/select-classifier.ts', SERVICES],
    ['services/members/planted.ts', '../../db/seed.ts', SERVICES],
    ['services/system/planted.ts', '../../app.ts', SERVICES],
    ['services/generation/planted.ts', '../../worker/start-workers.ts', SERVICES],
    ['services/planted.ts', '../plugins/app/auth.ts', SERVICES],
    ['services/generation/planted.ts', '@velvet/api/plugins/app/services', BY_NAME],
    ['services/generation/planted.ts', '@velvet/web/src/lib/api', API_TO_WEB],
    // repositories: only db/, the generated client, errors.ts, lib/
    ['repositories/planted.repository.ts', '../services/ledger/post-ledger-entry.ts', REPOSITORIES],
    ['repositories/planted.repository.ts', '../providers/storage/index.ts', REPOSITORIES],
    ['repositories/planted.repository.ts', '../jobs/generation-run.job.ts', REPOSITORIES],
    ['repositories/planted.repository.ts', '../config/env.ts', REPOSITORIES],
    ['repositories/planted.repository.ts', '../db/migrate.ts', REPOSITORIES],
    // providers: their own capability, config/, lib/; never services/ or another capability
    ['providers/safety/planted.ts', '../../services/safety/verdict.ts', PROVIDERS],
    ['providers/storage/planted.ts', '../../repositories/gallery.repository.ts', PROVIDERS],
    ['providers/rates/planted.ts', '../chains/http.ts', PROVIDERS],
    ['providers/rates/planted.ts', '../chains/select.ts', PROVIDERS],
    ['providers/storage/planted.ts', './select.ts', PROVIDERS],
    ['providers/image-model/planted.ts', '../../bootstrap/create-services.ts', PROVIDERS],
    // a processor's protocol folder, one level down: the same rules
    ['providers/payments/verotel/planted.ts', '../../../services/payments/fulfil-purchase.ts', PROVIDERS],
    ['providers/payments/verotel/planted.ts', '../../chains/http.ts', PROVIDERS],
    ['providers/payments/verotel/planted.ts', '../select.ts', PROVIDERS],
    // routes: services/, plugins/, provider interfaces; never repositories/, db/, Prisma, jobs/, a select*.ts
    ['routes/images/planted.ts', '../../repositories/like.repository.ts', ROUTES],
    ['routes/images/planted.ts', '../../db/client.ts', ROUTES],
    ['routes/images/planted.ts', '../../generated/prisma/client.ts', ROUTES],
    ['routes/payments/planted.ts', '../../providers/payments/select.ts', ROUTES],
    ['routes/images/planted.ts', '../../jobs/generation-run.job.ts', ROUTES],
    ['routes/system/planted.ts', '../../bootstrap/create-services.ts', ROUTES],
    ['routes/planted.ts', '../repositories/like.repository.ts', ROUTES],
    // plugins: never routes/ or the composition root itself
    ['plugins/app/planted.ts', '../../routes/images/index.ts', PLUGINS],
    ['plugins/app/planted.ts', '../../bootstrap/create-services.ts', PLUGINS],
    ['plugins/external/planted.ts', '../../repositories/member.repository.ts', PLUGINS],
    // bootstrap: never plugins/, routes/, a job handler or the registry
    ['bootstrap/planted.ts', '../plugins/app/services.ts', BOOTSTRAP],
    ['bootstrap/planted.ts', '../routes/images/index.ts', BOOTSTRAP],
    ['bootstrap/planted.ts', '../jobs/generation-run.handler.ts', BOOTSTRAP],
    ['bootstrap/planted.ts', '../jobs/registry.ts', BOOTSTRAP],
    // jobs: definitions import no service or handler; only the registry imports a handler
    ['jobs/planted.job.ts', '../services/generation/run-generation.ts', JOB_DEFINITION],
    ['jobs/planted.job.ts', './generation-run.handler.ts', JOB_DEFINITION],
    ['jobs/planted.ts', '../services/images/purge-deleted-images.ts', JOB_DEFINITION],
    ['jobs/job.ts', './registry.ts', JOB_DEFINITION],
    ['jobs/planted.handler.ts', './generation-sweep.handler.ts', JOB_HANDLER],
    ['jobs/planted.handler.ts', './registry.ts', JOB_HANDLER],
    ['jobs/planted.handler.ts', '../bootstrap/create-services.ts', JOB_HANDLER],
    ['jobs/planted.handler.ts', '../repositories/generation.repository.ts', JOB_HANDLER],
    ['jobs/job-handler.ts', '../plugins/app/services.ts', JOB_HANDLER],
    ['jobs/registry.ts', '../routes/images/index.ts', JOB_REGISTRY],
    ['jobs/registry.ts', '../providers/image-model/select.ts', JOB_REGISTRY],
    // the bottom: db/, lib/, config/
    ['db/paths.ts', '../services/ledger/check-ledger.ts', DB],
    ['db/client.ts', './seed.ts', DB],
    ['db/planted.ts', '../repositories/member.repository.ts', DB],
    ['lib/planted.ts', '../config/env.ts', LIB],
    ['lib/planted.ts', '../services/images/image-access.ts', LIB],
    ['config/planted.ts', '../lib/random-stream.ts', CONFIG],
  ])('%s importing %s', async (file, specifier, refusal) => {
    const messages = await refusals(file, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(refusal);
  });
});

describe('lint lets the layers import what is below them', () => {
  it.each([
    ['services/generation/planted.ts', '../../repositories/generation.repository.ts'],
    ['services/generation/planted.ts', '../../providers/image-model/index.ts'],
    ['services/generation/planted.ts', '../../jobs/generation-run.job.ts'],
    ['services/generation/planted.ts', '../../jobs/queues.ts'],
    ['services/generation/planted.ts', '../../db/client.ts'],
    ['services/generation/planted.ts', '../../config/env.ts'],
    ['services/generation/planted.ts', '../../errors.ts'],
    ['services/generation/planted.ts', '../../lib/random-stream.ts'],
    ['services/generation/planted.ts', '../images/image-access.ts'],
    ['services/safety/eval/planted.ts', '../../../providers/safety/verdict.ts'],
    ['services/generation/planted.ts', '@velvet/contracts/catalog'],
    ['repositories/planted.repository.ts', '../db/client.ts'],
    ['repositories/planted.repository.ts', '../generated/prisma/client.ts'],
    ['repositories/planted.repository.ts', '../errors.ts'],
    ['providers/rates/planted.ts', './index.ts'],
    ['providers/payments/verotel/planted.ts', '../index.ts'],
    ['providers/payments/verotel/planted.ts', './signature.ts'],
    ['providers/payments/nowpayments/planted.ts', '../../../lib/http.ts'],
    ['providers/rates/planted.ts', '../../lib/http.ts'],
    ['providers/rates/select.ts', '../../config/crypto-demo.ts'],
    ['providers/storage/select.ts', './s3.ts'],
    ['routes/images/planted.ts', '../../services/images/image-access.ts'],
    ['routes/images/planted.ts', '../../plugins/app/auth.ts'],
    ['routes/payments/planted.ts', '../../providers/payments/index.ts'],
    ['routes/images/planted.ts', '../../errors.ts'],
    ['plugins/app/planted.ts', '../../bootstrap/app-services.ts'],
    ['plugins/app/planted.ts', '../../services/events/member-events.ts'],
    ['plugins/app/planted.ts', '../external/helmet.ts'],
    ['bootstrap/planted.ts', '../providers/storage/select.ts'],
    ['bootstrap/planted.ts', '../services/safety/check-picture.ts'],
    ['bootstrap/planted.ts', '../jobs/queues.ts'],
    ['bootstrap/planted.ts', '../db/client.ts'],
    ['jobs/planted.job.ts', './job.ts'],
    ['jobs/planted.job.ts', '../providers/chains/index.ts'],
    ['jobs/planted.handler.ts', '../services/generation/run-generation.ts'],
    ['jobs/planted.handler.ts', './generation-run.job.ts'],
    ['jobs/planted.handler.ts', './job-handler.ts'],
    ['jobs/job-handler.ts', '../bootstrap/app-services.ts'],
    ['jobs/registry.ts', './generation-run.handler.ts'],
    ['db/client.ts', '../generated/prisma/client.ts'],
    ['config/planted.ts', './env.ts'],
    // entry points and tests may import anything
    ['worker/planted.ts', '../jobs/registry.ts'],
    ['server.ts', './bootstrap/create-services.ts'],
    ['safety-eval.ts', './bootstrap/create-services.ts'],
    ['local/planted.ts', '../providers/storage/select.ts'],
    ['db/seed.ts', '../providers/storage/local-disk.ts'],
    ['services/generation/planted.test.ts', '../../plugins/app/services.ts'],
    ['repositories/planted.test.ts', '../services/ledger/post-ledger-entry.ts'],
  ])('%s importing %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([]);
  });
});

// What a service and a repository may reach, by folder or file of src/; everything else is refused, a new
// folder included until the config gives it to a layer (and this table follows).
const SERVICES_MAY = ['services', 'repositories', 'providers', 'jobs', 'config', 'db', 'errors.ts', 'lib'];
const REPOSITORIES_MAY = ['repositories', 'db', 'generated', 'errors.ts', 'lib'];
const TOP_LEVEL = fs
  .readdirSync(SRC)
  .filter((name) => !/\.(test|bench)\.ts$/.test(name))
  .map((name) => (name.endsWith('.ts') ? name : `${name}/planted.ts`));

describe('every folder of src/ is placed for the layers below a route', () => {
  it.each(TOP_LEVEL)('services/ and repositories/ importing %s', async (target) => {
    const name = target.split('/')[0]!;
    const fromService = await refusals('services/members/planted.ts', `../../${target}`);
    expect(fromService.length, `services/ importing ${target}`).toBe(SERVICES_MAY.includes(name) ? 0 : 1);
    const fromRepository = await refusals('repositories/planted.repository.ts', `../${target}`);
    expect(fromRepository.length, `repositories/ importing ${target}`).toBe(REPOSITORIES_MAY.includes(name) ? 0 : 1);
  });
});
