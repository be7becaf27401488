import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root: config defaults (data folder, built web app) are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An optional setting: unset and '' both mean "not configured". */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The default of DELETED_EMAIL_HOLD_DAYS. */
export const DEFAULT_DELETED_EMAIL_HOLD_DAYS = 30;

const GOOGLE_PEM_CERTS_URL = 'https://www.googleapis.com/oauth2/v1/certs';
const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ message: 'DATABASE_URL must be a postgresql:// URL' }),
  REDIS_URL: z.url({ message: 'REDIS_URL must be a redis:// URL' }),
  JWT_SECRET: z.string().min(32, { message: 'JWT_SECRET must be at least 32 characters' }),
  JWT_EXPIRES_IN: z.string().min(1).default('7d'),
  /** Folder of the built web app; served with history fallback when it exists. */
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  SERVE_WEB: booleanFlag.default(true),
  /** Local image storage folder (used when no S3 bucket is configured). */
  STORAGE_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data/storage')),
  IMAGE_PROVIDER: z.enum(['demo', 'comfyui', 'a1111', 'replicate']).default('demo'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * How long the worker waits for its running jobs on SIGINT/SIGTERM before it exits anyway (a job
   * cut short is retried: BullMQ sees it stalled). Without it a worker whose Redis is already gone
   * would wait forever, reconnecting.
   */
  WORKER_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(20_000),
  /**
   * How long a worker's claim on a job lasts without renewal: a worker that dies (kill -9, power
   * loss) gives its job back to the queue after about this long.
   */
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(1000).default(30_000),
  /** A run still processing after this long is settled by the sweeper (failed images refunded). */
  GENERATION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(15),

  /**
   * Minutes between a claim and its automatic refund, unless support rejects it first. The product
   * promises 24 hours at most. Default: 60 in production, 1 otherwise (so a demo shows the refund).
   */
  CLAIM_REFUND_DELAY_MINUTES: z.coerce.number().min(0).max(1440).optional(),
  /** Claims one member may make per day. */
  CLAIM_DAILY_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Open reports that hide a published image from Explore until support reviews them. */
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).default(3),
  /** Ad network zones (unset: the grids show the house promo): the iframe embed URL and the VAST XML URL. */
  ADS_IFRAME_URL: optionalText.pipe(z.url({ message: 'ADS_IFRAME_URL must be a URL' }).optional()),
  ADS_VAST_URL: optionalText.pipe(z.url({ message: 'ADS_VAST_URL must be a URL' }).optional()),
  /**
   * Other origins the ad network's creatives come from (VAST wrappers, splash images, impression
   * pixels, iframe content), comma-separated, e.g. `https://cdn.ads.example,https://track.ads.example`.
   * The Content-Security-Policy allows them, with the origins of the two URLs above, only when ads are
   * configured (docs/security.md).
   */
  ADS_CSP_ORIGINS: optionalText.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ message: 'ADS_CSP_ORIGINS must be comma-separated origins such as https://cdn.ads.example' })
            .transform((v) => new URL(v).origin),
        ),
      )
      .optional(),
  ),
  /** Where browsers report Content-Security-Policy violations (report-uri). Unset: no reports. */
  CSP_REPORT_URI: optionalText.pipe(z.url({ message: 'CSP_REPORT_URI must be a URL' }).optional()),
  /**
   * Card payments (docs/payments.md). Unset: cards are shown greyed out and only crypto is offered.
   * STRIPE_API_URL is for tests and proxies only.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText.pipe(z.url({ message: 'STRIPE_API_URL must be a URL' }).optional()),
  /**
   * Which card processor takes cards (docs/payments.md, "Which processor"): stripe or verotel. Unset:
   * Stripe when its keys are set, else Verotel when its keys are set, else none. Set to a processor
   * whose keys are missing: start-up stops naming them.
   */
  CARD_PROCESSOR: optionalText.pipe(
    z.enum(['stripe', 'verotel'], { message: 'CARD_PROCESSOR must be stripe or verotel' }).optional(),
  ),
  /**
   * Verotel FlexPay (adult merchants): the website's shop ID and FlexPay signature key from Verotel's
   * Control Center. VEROTEL_BASE_URL is for tests and the local fake (default https://secure.verotel.com).
   */
  VEROTEL_SHOP_ID: optionalText,
  VEROTEL_SIGNATURE_KEY: optionalText,
  VEROTEL_BASE_URL: optionalText.pipe(z.url({ message: 'VEROTEL_BASE_URL must be a URL' }).optional()),
  /** The product's public URL, for the card processor's return pages. Unset: the request's origin. */
  PUBLIC_URL: optionalText.pipe(z.url({ message: 'PUBLIC_URL must be a URL' }).optional()),
  // --- Email (docs/email.md) ---
  /**
   * SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587 (smtps:// for implicit
   * TLS). Unset: the embedded outbox writes each mail as an .eml file under MAIL_OUTBOX_DIR.
   */
  SMTP_URL: optionalText.pipe(
    z
      .url({ message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
      .refine((v) => /^smtps?:\/\//i.test(v), { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  /** The From header of every mail. */
  MAIL_FROM: z.string().trim().min(3).default('Velvet <no-reply@velvet.localhost>'),
  /**
   * The outbox folder (when SMTP_URL is unset). Default: the data folder's `mail` (.data/mail) when
   * STORAGE_DIR is `<data>/storage`, else STORAGE_DIR's path with `-mail` appended.
   */
  MAIL_OUTBOX_DIR: optionalText,
  // --- Crypto deposits (docs/payments-crypto.md). Only public keys: no private key is ever here. ---
  /**
   * Outside production, a coin with no key configured uses the published BIP84/BIP44 test-vector
   * account keys and a demo XRP address (labelled is_demo; their private keys are public) and fixed
   * demo rates, so a local demo works offline. Refused in production.
   */
  CRYPTO_DEMO: booleanFlag.optional(),
  /** Account-level extended public key m/84'/0'/0' (zpub/vpub, or xpub/tpub): BIP84 addresses. */
  BTC_ACCOUNT_XPUB: optionalText,
  BTC_NETWORK: z.enum(['mainnet', 'testnet']).default('mainnet'),
  /** Esplora HTTP API. Default: blockstream.info for BTC_NETWORK (none for demo keys). */
  BTC_ESPLORA_URL: optionalText.pipe(z.url({ message: 'BTC_ESPLORA_URL must be a URL' }).optional()),
  BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(2),
  /** Account-level extended public key m/44'/60'/0' (xpub): BIP44 addresses m/.../0/i. */
  ETH_ACCOUNT_XPUB: optionalText,
  /** Ethereum JSON-RPC. Default: a public endpoint (none for demo keys); use your own node in production. */
  ETH_RPC_URL: optionalText.pipe(z.url({ message: 'ETH_RPC_URL must be a URL' }).optional()),
  /** The watcher refuses a node on another chain (1 mainnet, 11155111 Sepolia). */
  ETH_CHAIN_ID: z.coerce.number().int().min(1).default(1),
  ETH_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(12),
  /** The one XRP address every deposit pays, told apart by a destination tag per deposit. */
  XRP_DEPOSIT_ADDRESS: optionalText,
  /** rippled JSON-RPC. Default: s1.ripple.com (none for the demo address). */
  XRP_RPC_URL: optionalText.pipe(z.url({ message: 'XRP_RPC_URL must be a URL' }).optional()),
  /** A deposit address waits this long; a payment first seen later is late. */
  DEPOSIT_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  /** Expired and unresolved deposits are still watched this long, so late payments are not lost. */
  DEPOSIT_LATE_WATCH_HOURS: z.coerce.number().int().min(1).max(2160).default(72),
  /** Seconds between two runs of each coin's chain watcher. */
  DEPOSIT_WATCH_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A payment this close to the amount (either way) counts as exact: wallets round and deduct fees. */
  DEPOSIT_PAYMENT_TOLERANCE_PERCENT: z.coerce.number().min(0).max(10).default(0.5),
  /** How far the client's request_coin_cnt may be from the server's amount (rate drift). */
  DEPOSIT_QUOTE_TOLERANCE_PERCENT: z.coerce.number().min(0).max(20).default(2),
  /**
   * NOWPayments, the hosted crypto gateway (docs/payments-crypto.md, "Hosted gateway"): with both the
   * API key and the IPN secret set, every coin's deposit is created through NOWPayments instead of our
   * own addresses and chain watchers. NOWPAYMENTS_API_URL: the sandbox (https://api-sandbox.nowpayments.io)
   * or a local fake; default live.
   */
  NOWPAYMENTS_API_KEY: optionalText,
  NOWPAYMENTS_IPN_SECRET: optionalText,
  NOWPAYMENTS_API_URL: optionalText.pipe(z.url({ message: 'NOWPAYMENTS_API_URL must be a URL' }).optional()),
  /** Price feed: coingecko, coinbase, or demo (fixed prices; non-production only). */
  RATE_FEED: z.enum(['coingecko', 'coinbase', 'demo']).optional(),
  /** Base URL of the feed (tests, proxies, CoinGecko's pro API). */
  RATE_FEED_URL: optionalText.pipe(z.url({ message: 'RATE_FEED_URL must be a URL' }).optional()),
  /** CoinGecko API key (sent as x-cg-demo-api-key, or x-cg-pro-api-key for pro-api URLs). */
  RATE_FEED_API_KEY: optionalText,
  RATE_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** A feed price is reused this long... */
  RATE_CACHE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** ...and, only while the feed fails, up to this long. */
  RATE_MAX_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),

  /** Hours after deletion before an image's files are removed from storage. */
  PURGE_DELETED_AFTER_HOURS: z.coerce.number().min(0).default(72),

  // --- Accounts (docs/security.md, "Email verification and deleted accounts") ---
  /** Days after an account's deletion before its email address can register again. */
  DELETED_EMAIL_HOLD_DAYS: z.coerce.number().int().min(0).max(3650).default(DEFAULT_DELETED_EMAIL_HOLD_DAYS),
  /** Hours an email verification link stays valid. */
  EMAIL_VERIFICATION_HOURS: z.coerce.number().min(0.01).max(720).default(48),

  /** Google sign-in: the OAuth client id (the id token audience). Unset = Google sign-in is off. */
  GOOGLE_CLIENT_ID: optionalText,
  /** Google's signing keys (PEM format). Only tests and unusual deployments change it. */
  GOOGLE_CERTS_URL: z.url({ message: 'GOOGLE_CERTS_URL must be a URL' }).default(GOOGLE_PEM_CERTS_URL),
  /** Google's authorization endpoint, handed to the web app for the redirect. */
  GOOGLE_AUTH_URL: z.url({ message: 'GOOGLE_AUTH_URL must be a URL' }).default(GOOGLE_AUTHORIZATION_URL),

  /** The support team's account, created or updated at API start when both are set. */
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'ADMIN_EMAIL must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(10, { message: 'ADMIN_PASSWORD must be at least 10 characters' }).optional(),
  ),

  /**
   * Trust X-Forwarded-For from a reverse proxy in front of the API. Off by default: otherwise any
   * client could pick its own IP and slip past per-IP limits.
   */
  TRUST_PROXY: booleanFlag.default(false),

  /**
   * Sign-in limits (docs/security.md, "Sign-in limits"): failures allowed per client address and per
   * email before growing delays start; the window after which an idle counter is forgotten, and
   * registration's and Google sign-in's attempts per address in it.
   */
  AUTH_RATE_LIMIT_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),

  // --- Safety (docs/safety.md). Local stages are always on; external ones switch on with their URL. ---
  /**
   * Semantic prompt classifier after the word lists: `openai-moderation` (an OpenAI-compatible
   * /v1/moderations endpoint) or `llama-guard` (a Llama Guard model behind an OpenAI-compatible chat
   * endpoint: vLLM, Ollama, TGI). Unset: none (the deterministic screen alone).
   */
  SAFETY_CLASSIFIER: optionalText.pipe(
    z
      .enum(['openai-moderation', 'llama-guard'], {
        message: 'SAFETY_CLASSIFIER must be openai-moderation or llama-guard',
      })
      .optional(),
  ),
  /** Base URL of the classifier's API (e.g. https://api.openai.com, http://vllm:8000). */
  SAFETY_CLASSIFIER_URL: optionalText.pipe(z.url({ message: 'SAFETY_CLASSIFIER_URL must be a URL' }).optional()),
  SAFETY_CLASSIFIER_API_KEY: optionalText,
  /** Model name sent to the classifier (default: omni-moderation-latest / meta-llama/Llama-Guard-3-8B). */
  SAFETY_CLASSIFIER_MODEL: optionalText,
  SAFETY_CLASSIFIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * When the classifier fails (timeout, error): refuse the prompt (closed) or go on with the word
   * lists' verdict (open). Default: closed in production, open elsewhere.
   */
  SAFETY_CLASSIFIER_FAIL_CLOSED: booleanFlag.optional(),
  /**
   * Picture check between the model and storage: `local` (face detection and age estimation on this
   * machine, no network), `rekognition` (AWS Rekognition DetectFaces), `local+rekognition` (both; the
   * youngest estimate counts). `off` is refused in production.
   */
  SAFETY_PICTURE_CHECK: z.enum(['local', 'rekognition', 'local+rekognition', 'off']).default('local'),
  /** A face estimated younger than this withholds the picture (a margin over 18). */
  SAFETY_FACE_MIN_AGE: z.coerce.number().int().min(18).max(120).default(25),
  /**
   * Local picture check: pictures checked at once, each in a worker thread with its own model copy
   * (~100 MiB each while alive: the worker read 262-277 MiB busy, 158-174 once its one thread had
   * ended, 2026-11-29). One by default: a second overlapped checks only on free cores and took the
   * worker from ~365 to ~530 MiB under load when it was measured (docs/performance.md, "Worker").
   */
  SAFETY_FACE_THREADS: z.coerce.number().int().min(1).max(32).default(1),
  /** A local face-check thread idle this long is ended and its memory freed (0: never). */
  SAFETY_FACE_IDLE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** AWS Rekognition: region, and an endpoint URL only for tests and proxies; credentials from the AWS chain. */
  SAFETY_REKOGNITION_REGION: z.string().trim().min(1).default('us-east-1'),
  SAFETY_REKOGNITION_ENDPOINT: optionalText.pipe(
    z.url({ message: 'SAFETY_REKOGNITION_ENDPOINT must be a URL' }).optional(),
  ),
  SAFETY_REKOGNITION_ACCESS_KEY_ID: optionalText,
  SAFETY_REKOGNITION_SECRET_ACCESS_KEY: optionalText,
  /** Extra terms for the mandatory negative prompt every real image model receives (comma-separated). */
  SAFETY_NEGATIVE_PROMPT_EXTRA: optionalText,
  /** Refusals within SAFETY_MUTE_WINDOW_HOURS after which a member is muted from generating. */
  SAFETY_MUTE_AFTER_REFUSALS: z.coerce.number().int().min(1).default(3),
  SAFETY_MUTE_WINDOW_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** How long a mute lasts. */
  SAFETY_MUTE_HOURS: z.coerce.number().min(0.01).max(8760).default(24),
  /** How long escalation records are preserved for a report to the authorities. */
  SAFETY_ESCALATION_RETENTION_DAYS: z.coerce.number().int().min(365).default(365),

  // --- Image model providers and S3 storage (docs/providers.md) ---
  /** JSON file replacing the built-in presets (models -> checkpoints, styles -> pose presets). */
  IMAGE_PRESETS_FILE: optionalText,
  /** Overall limit of one generation call to the model, polling and downloads included. */
  IMAGE_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  /** Pause between status polls (ComfyUI history, Replicate predictions). */
  IMAGE_PROVIDER_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1_000),
  /** Folder of the styles' OpenPose reference images (A1111 receives them inline). */
  IMAGE_POSES_DIR: optionalText,
  COMFYUI_URL: optionalText.pipe(z.url({ message: 'COMFYUI_URL must be a URL' }).optional()),
  A1111_URL: optionalText.pipe(z.url({ message: 'A1111_URL must be a URL' }).optional()),
  /** `user:password` of a server started with --api-auth. */
  A1111_API_AUTH: optionalText.pipe(
    z.string().includes(':', { message: 'A1111_API_AUTH must be user:password' }).optional(),
  ),
  REPLICATE_API_TOKEN: optionalText,
  /** Only tests and proxies change it. */
  REPLICATE_API_URL: z.url({ message: 'REPLICATE_API_URL must be a URL' }).default('https://api.replicate.com'),
  REPLICATE_WEBHOOK_URL: optionalText.pipe(z.url({ message: 'REPLICATE_WEBHOOK_URL must be a URL' }).optional()),
  /** 1..60: the create call waits up to this many seconds for the result before polling starts. */
  REPLICATE_PREFER_WAIT_SECONDS: optionalText.pipe(z.coerce.number<string>().int().min(1).max(60).optional()),
  /** Image files in an S3-compatible bucket when set; the local disk (STORAGE_DIR) otherwise. */
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** For S3-compatible services (MinIO, R2...): their endpoint URL. */
  S3_ENDPOINT: optionalText.pipe(z.url({ message: 'S3_ENDPOINT must be a URL' }).optional()),
  /** Unset: the AWS SDK's usual credential chain (instance role, AWS_* variables, ~/.aws). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style URLs (endpoint/bucket/key), which MinIO and most self-hosted services need. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Folder inside the bucket that every key is put under, e.g. `velvet`. */
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i, {
        message: 'S3_PREFIX must be folder names joined by /',
      })
      .optional(),
  ),
});

export type AppConfig = z.infer<typeof ZEnv>;

/** One line per bad variable, each naming it: what the server and every tool stop with. */
function invalidConfiguration(error: z.ZodError): Error {
  const lines = error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

/** The claim refund delay in milliseconds (see CLAIM_REFUND_DELAY_MINUTES). */
export function claimRefundDelayMs(config: Pick<AppConfig, 'CLAIM_REFUND_DELAY_MINUTES' | 'NODE_ENV'>): number {
  const minutes = config.CLAIM_REFUND_DELAY_MINUTES ?? (config.NODE_ENV === 'production' ? 60 : 1);
  return Math.round(minutes * 60_000);
}

/**
 * Parses the environment once. Every other module receives the parsed config; nothing else reads
 * process.env. A bad value stops start-up with a message naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw invalidConfiguration(parsed.error);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.SAFETY_PICTURE_CHECK === 'off') {
    throw new Error('Invalid configuration:\n  SAFETY_PICTURE_CHECK: off is not allowed in production');
  }
  return parsed.data;
}

/** Settings only the command-line tools read (the server never needs them). */
const ZCliEnv = ZEnv.extend({
  /** Demo images the release step seeds into an empty database (docker compose sets 240). */
  SEED_DEMO_IMAGES: z.coerce
    .number({ message: 'SEED_DEMO_IMAGES must be a whole number of images' })
    .int({ message: 'SEED_DEMO_IMAGES must be a whole number of images' })
    .min(0, { message: 'SEED_DEMO_IMAGES must be a whole number of images' })
    .default(0),
  /** Where `npm start` keeps embedded Postgres, Redis, images and the JWT key. */
  VELVET_DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
});

export type CliConfig = z.infer<typeof ZCliEnv>;

/**
 * The few settings one command-line tool needs (migrate, seed, release, `npm start`...), parsed with
 * the server's rules and defaults, so a bad value stops the tool with the same message naming the
 * variable. A required one that is unset says so ("DATABASE_URL is not set."). Names in `optional`
 * may be unset or empty: then they are undefined.
 */
export function loadCliConfig<K extends keyof CliConfig, O extends keyof CliConfig = never>(
  names: readonly K[],
  opts: { optional?: readonly O[]; env?: NodeJS.ProcessEnv } = {},
): Pick<CliConfig, K> & Partial<Pick<CliConfig, O>> {
  const env = { ...(opts.env ?? process.env) };
  const optional = new Set<string>(opts.optional ?? []);
  for (const name of optional) if (env[name] === '') delete env[name];
  const mask = Object.fromEntries([...names, ...optional].map((name) => [name, true])) as {
    [Name in keyof CliConfig]?: true;
  };
  const schema = ZCliEnv.pick(mask).partial(
    Object.fromEntries([...optional].map((name) => [name, true])) as { [Name in keyof CliConfig]?: true },
  );
  const unset = names.filter(
    (name) => !optional.has(name) && env[name] === undefined && !ZCliEnv.shape[name].safeParse(undefined).success,
  );
  if (unset.length > 0) throw new Error(unset.map((name) => `${name} is not set.`).join('\n'));
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw invalidConfiguration(parsed.error);
  }
  return parsed.data as Pick<CliConfig, K> & Partial<Pick<CliConfig, O>>;
}

/**
 * The process environment as it is, for code that hands it on rather than reads a setting: the
 * children `npm start` launches, apt-get, and the server merging the launcher's URLs into it before
 * loadConfig parses the whole.
 */
export function processEnvironment(): NodeJS.ProcessEnv {
  return process.env;
}

/** The safety settings alone, for tools that need no database (the safety evaluation). */
export function loadSafetyConfig(env: NodeJS.ProcessEnv = process.env) {
  const keys = Object.keys(ZEnv.shape).filter((key) => key.startsWith('SAFETY_') || key === 'NODE_ENV');
  const schema = ZEnv.pick(Object.fromEntries(keys.map((key) => [key, true])) as { [K in keyof AppConfig]?: true });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw invalidConfiguration(parsed.error);
  }
  return parsed.data as Pick<AppConfig, Extract<keyof AppConfig, `SAFETY_${string}` | 'NODE_ENV'>>;
}

/** Whether a failing classifier refuses the prompt (see SAFETY_CLASSIFIER_FAIL_CLOSED). */
export function classifierFailsClosed(config: Pick<AppConfig, 'SAFETY_CLASSIFIER_FAIL_CLOSED' | 'NODE_ENV'>): boolean {
  return config.SAFETY_CLASSIFIER_FAIL_CLOSED ?? config.NODE_ENV === 'production';
}
