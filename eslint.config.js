import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web import boundaries (CODE_STYLE.md): app/ composes features; a feature imports only itself and shared
// code (lib/, components/, config/, contracts); shared code imports no feature and not app/. The rule
// matches the import's text, not the file it resolves to, so a file's depth in its folder decides how
// many '../' leave it. A later block's options replace an earlier one's: each repeats the API ban.
const WEB_SRC = 'apps/web/src';
const WEB_TO_API = { group: ['@velvet/api/*', '@velvet/api'], message: 'The web app talks to the API over HTTP only.' };
/** Folders of shared web code: they import no feature and not app/. */
const WEB_SHARED = ['lib', 'components', 'config', 'testing'];
/** Folders below a feature's root that hold code (features/<domain>/components/, hooks/). */
const FEATURE_DEPTHS = [0, 1, 2];

function webRestrictedImports(...patterns) {
  return ['error', { patterns: [WEB_TO_API, ...patterns] }];
}

function webBoundaries() {
  const up = (levels) => String.raw`(\.\./){${levels}}`;
  const features = FEATURE_DEPTHS.map((depth) => ({
    // depth 0: features/<domain>/*.ts, whose '../' is features/; depth 1: features/<domain>/hooks/*.ts...
    files: [`${WEB_SRC}/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': webRestrictedImports(
        {
          regex: `^${up(depth + 1)}(?!\\.\\./)`,
          message: 'A feature never imports another feature: move what both need to lib/, components/ or contracts.',
        },
        {
          regex: `^${up(depth + 2)}app(/|$)`,
          message: 'A feature never imports app/: app/ puts features together, not the other way round.',
        },
      ),
    },
  }));
  const shared = {
    files: WEB_SHARED.map((folder) => `${WEB_SRC}/${folder}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': webRestrictedImports({
        regex: String.raw`^(\.\./)+(features|app)(/|$)`,
        message: 'Shared code (lib/, components/, config/, testing/) never imports a feature or app/.',
      }),
    },
  };
  return [...features, shared];
}

// API import boundaries (CODE_STYLE.md, docs/ARCHITECTURE.md): imports point down, routes -> services ->
// repositories, providers and job definitions; nothing below a route imports plugins/, routes/, bootstrap/
// or a job handler. Each layer names the folders of src/ it may reach; any other import whose '../' reach
// src/ is refused, so a new folder is refused until a layer is given it. As in the web, the rule reads the
// import's text: one block per depth counts the '../' that reach src/. Entry points (server.ts, app.ts,
// worker/, apps/worker, the CLIs) and tests may import anything. Each block repeats the ban on web code.
const API_SRC = 'apps/api/src';
const API_TO_WEB = { group: ['**/apps/web/**', '@velvet/web*'], message: 'The API does not import web code.' };
const API_BY_NAME = {
  group: ['@velvet/api', '@velvet/api/*'],
  message: 'Inside the API, import by relative path: the package name would hide which layer it reaches.',
};
const API_TESTS = ['**/*.test.ts', '**/*.bench.ts'];
/** The end of an import: an optional extension. */
const TS = String.raw`(\.[jt]s)?$`;
const JOB_HANDLERS = String.raw`([^/]+\.handler|job-handler|registry)${TS}`;
const OTHER_HANDLERS = String.raw`([^/]+\.handler|registry)${TS}`;
const PROVIDER_SELECT = String.raw`providers/[^/]+/select[^/]*$`;
const DB_CLIS = String.raw`(seed|migrate|create-migration)${TS}`;
const BOOTSTRAP_BUT_TYPE = String.raw`bootstrap/(?!app-services${TS})`;

/**
 * One layer: its files (a folder of src/ and the depths below it that hold code, or globs in the folder,
 * less `except`), the folders and files of src/ it may import, the narrower refusals inside those (given
 * `up`, the '../' that reach src/), and what it is told.
 */
const API_LAYERS = [
  {
    folder: 'bootstrap',
    depths: [0],
    may: ['bootstrap', 'config', 'db', 'jobs', 'providers', 'services', 'lib', 'errors'],
    refuse: (up) => [`^${up}jobs/${JOB_HANDLERS}`, `^${up}db/${DB_CLIS}`],
    says: 'bootstrap/ (the composition root) builds from config/, db/, jobs/queues.ts, providers/ (select*.ts included) and services/; never plugins/, routes/, a job handler or the registry.',
  },
  {
    folder: 'plugins',
    depths: [0, 1],
    may: ['plugins', 'services', 'config', 'lib', 'errors', 'bootstrap'],
    refuse: (up) => [`^${up}${BOOTSTRAP_BUT_TYPE}`],
    says: 'plugins/ import services/, config/, lib/, errors.ts and the AppServices type (bootstrap/app-services.ts); never routes/ or the rest of bootstrap/.',
  },
  {
    folder: 'routes',
    depths: [0, 1, 2],
    may: ['routes', 'services', 'plugins', 'providers', 'config', 'lib', 'errors'],
    refuse: (up) => [`^${up}${PROVIDER_SELECT}`],
    says: "routes/ call services/ (and use plugins/, config/, lib/, errors.ts, provider interfaces); never repositories/, db/, the Prisma client, jobs/, bootstrap/ or a provider's select*.ts.",
  },
  {
    folder: 'services',
    depths: [0, 1, 2, 3],
    may: ['services', 'repositories', 'providers', 'jobs', 'config', 'db', 'errors', 'lib'],
    refuse: (up) => [`^${up}jobs/${JOB_HANDLERS}`, `^${up}${PROVIDER_SELECT}`, `^${up}db/${DB_CLIS}`],
    says: 'services/ import repositories/, providers/ (not select*.ts), job definitions (jobs/<name>.job.ts, job.ts, queues.ts), config/, db/, errors.ts and lib/; never plugins/, routes/, bootstrap/, a job handler or the registry.',
  },
  {
    folder: 'repositories',
    depths: [0, 1],
    may: ['repositories', 'db', 'generated', 'errors', 'lib'],
    refuse: (up) => [`^${up}db/${DB_CLIS}`],
    says: 'repositories/ import only db/, the generated Prisma client, errors.ts and lib/.',
  },
  {
    // Job definitions: what services import to queue work.
    folder: 'jobs',
    files: ['*.ts'],
    except: ['*.handler.ts', 'job-handler.ts', 'registry.ts'],
    may: ['jobs', 'config', 'providers', 'lib', 'errors'],
    refuse: (up) => [`^(\\./|${up}jobs/)${JOB_HANDLERS}`, `^${up}${PROVIDER_SELECT}`],
    says: 'A job definition (jobs/<name>.job.ts, job.ts, queues.ts) imports other definitions, config/, lib/, errors.ts and provider interfaces; never services/ (services import it), a handler or the registry.',
  },
  {
    folder: 'jobs',
    files: ['*.handler.ts', 'job-handler.ts'],
    may: ['jobs', 'services', 'bootstrap', 'config', 'providers', 'lib', 'errors'],
    refuse: (up) => [`^(\\./|${up}jobs/)${OTHER_HANDLERS}`, `^${up}${BOOTSTRAP_BUT_TYPE}`, `^${up}${PROVIDER_SELECT}`],
    says: 'A job handler calls services/ with its definition, jobs/job-handler.ts and the AppServices type (bootstrap/app-services.ts); only jobs/registry.ts imports a handler, only worker/ the registry.',
  },
  {
    folder: 'jobs',
    files: ['registry.ts'],
    may: ['jobs', 'services', 'bootstrap', 'config', 'providers', 'lib', 'errors'],
    refuse: (up) => [`^${up}${BOOTSTRAP_BUT_TYPE}`, `^${up}${PROVIDER_SELECT}`],
    says: 'jobs/registry.ts lists the handlers (services/, definitions, the AppServices type); only worker/ imports it.',
  },
  {
    // One folder per capability: its interface, its implementations and select*.ts.
    folder: 'providers',
    // A processor's protocol folder (payments/verotel/) sits one level down inside its capability.
    depths: [1, 2],
    may: ['config', 'lib'],
    refuse: (_up, depth) =>
      depth === 1
        ? [String.raw`^\.\./(?!\.\./)`, String.raw`^\./select[^/]*$`]
        : [String.raw`^\.\./\.\./(?!\.\./)`, String.raw`^(\./|\.\./)select[^/]*$`],
    says: "providers/<capability>/ import their own capability's files, config/ and lib/; select*.ts is imported only by bootstrap/, the entry points and tests.",
  },
  {
    folder: 'db',
    // The db CLIs are entry points.
    files: ['*.ts'],
    except: ['seed.ts', 'migrate.ts', 'create-migration.ts'],
    may: ['db', 'config', 'generated', 'lib', 'errors'],
    refuse: (up) => [`^(\\./|${up}db/)${DB_CLIS}`],
    says: 'db/ (the client, paths, the schema engine) imports config/, lib/, errors.ts and the generated Prisma client; never a layer above or a db CLI.',
  },
  { folder: 'lib', depths: [0, 1], may: ['lib'], refuse: () => [], says: 'lib/ imports nothing else of the API.' },
  {
    folder: 'config',
    depths: [0],
    may: ['config'],
    refuse: () => [],
    says: 'config/ imports nothing else of the API.',
  },
];

function apiBoundaries() {
  const blocks = [];
  for (const layer of API_LAYERS) {
    const inFolder = (file) => `${API_SRC}/${layer.folder}/${file}`;
    const placements = layer.files
      ? [{ globs: layer.files.map(inFolder), depth: 0 }]
      : layer.depths.map((depth) => ({ globs: [inFolder(`${'*/'.repeat(depth)}*.ts`)], depth }));
    for (const { globs, depth } of placements) {
      const up = `(\\.\\./){${depth + 1}}`;
      const allowed = `(${layer.may.join('|')})(/|${TS})`;
      const patterns = [`^${up}(?!${allowed})`, ...layer.refuse(up, depth)].map((regex) => ({
        regex,
        message: layer.says,
      }));
      blocks.push({
        files: globs,
        ignores: [...API_TESTS, ...(layer.except ?? []).map(inFolder)],
        rules: { 'no-restricted-imports': ['error', { patterns: [API_TO_WEB, API_BY_NAME, ...patterns] }] },
      });
    }
  }
  return blocks;
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/dist.build-*/**',
      '**/dist.building-*/**',
      '**/dist.old-*/**',
      '**/.turbo/**',
      '.data/**',
      'apps/api/src/generated/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': webRestrictedImports(),
    },
  },
  ...webBoundaries(),
  {
    files: ['apps/api/**/*.ts', 'apps/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [API_TO_WEB] }],
    },
  },
  ...apiBoundaries(),
  {
    // One way to read configuration: config/env.ts parses the environment (loadConfig for the server and
    // worker, loadCliConfig for the command-line tools); everything else receives the parsed values.
    // Tests are left out: they set up the environment of the processes and embedded services they start.
    files: ['apps/api/src/**/*.ts', 'apps/worker/src/**/*.ts'],
    ignores: ['apps/api/src/config/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Only apps/api/src/config/ reads the environment: take the parsed config (loadConfig, loadCliConfig).',
        },
      ],
    },
  },
);
