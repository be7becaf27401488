import { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import { createPrismaClient } from '../db/client.ts';
import { closeQueues, createQueues } from '../jobs/queues.ts';
import type { AppServices } from '../plugins/app/services.ts';
import type { IdentityVerifier } from '../providers/identity/index.ts';
import type { CardPaymentProvider } from '../providers/payments/index.ts';
import { createImageModelProvider } from '../providers/image-model/select.ts';
import { createMailer } from '../providers/mail/select.ts';
import type { ImageStorage } from '../providers/storage/index.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';
import { createS3Storage, s3OptionsFrom } from '../providers/storage/s3.ts';
import { createPromptClassifier } from '../providers/safety/select-classifier.ts';
import { classifierFailsClosed } from '../config/env.ts';
import { createLexiconStage } from '../services/safety/lexicon-screen.ts';
import { createPromptPipeline, type PromptSafety } from '../services/safety/prompt-pipeline.ts';
import type { FaceAgeEstimator } from '../providers/safety/index.ts';
import { createFaceAgeEstimators } from '../providers/safety/select-face-age.ts';
import { createPictureSafetyCheck } from '../services/safety/check-picture.ts';
import type { PictureSafetyCheck } from '../services/safety/verdict.ts';

/** Lexicons first (always), then the configured classifier (SAFETY_CLASSIFIER). */
export function createPromptSafety(config: AppConfig): PromptSafety {
  const classifier = createPromptClassifier(config);
  const stages = classifier ? [createLexiconStage(), classifier] : [createLexiconStage()];
  return createPromptPipeline(stages, { failClosed: classifierFailsClosed(config) });
}

/** Each picture check's estimators, for closeServices (the local one holds worker threads). */
const pictureEstimators = new WeakMap<PictureSafetyCheck, FaceAgeEstimator[]>();

/** The picture check of SAFETY_PICTURE_CHECK (null when off). */
export function createPictureSafety(config: AppConfig): PictureSafetyCheck | null {
  const estimators = createFaceAgeEstimators(config);
  if (estimators.length === 0) return null;
  const check = createPictureSafetyCheck(estimators, config.SAFETY_FACE_MIN_AGE);
  pictureEstimators.set(check, estimators);
  return check;
}

/** Ends what the picture check's estimators hold (the local face-check threads). */
async function closePictureSafety(check: PictureSafetyCheck | null): Promise<void> {
  if (!check) return;
  await Promise.all((pictureEstimators.get(check) ?? []).map((estimator) => estimator.close?.()));
}

/**
 * An S3 bucket when S3_BUCKET is set, else the local disk under STORAGE_DIR. Anything else that
 * writes image files (seed, release) should use this too, so they land where the API reads them.
 */
export function createImageStorage(config: AppConfig): ImageStorage {
  const s3 = s3OptionsFrom(config);
  return s3 ? createS3Storage(s3) : createLocalDiskStorage(config.STORAGE_DIR);
}

/**
 * A provider whose SDK is imported on its first call, not at start-up: the Stripe and Google SDKs are
 * hundreds of modules that a process which never takes a card or a Google sign-in (the worker, most
 * API processes between such requests) need not load (docs/performance.md, "Start time and API memory").
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed import is retried on the next call
      throw error;
    });
    return loading;
  };
}

/** Google's verifier, with google-auth-library loaded on the first sign-in. */
function createLazyGoogleVerifier(opts: { clientId: string; certsUrl: string }): IdentityVerifier {
  const verifier = onFirstUse(() =>
    import('../providers/identity/google.ts').then(({ createGoogleVerifier }) => createGoogleVerifier(opts)),
  );
  return { verify: async (idToken, nonce) => (await verifier()).verify(idToken, nonce) };
}

/** Stripe when its three keys are set; otherwise no card processor (crypto only). */
export function createCardPayments(config: AppConfig): CardPaymentProvider | null {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = config;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) return null;
  const api = STRIPE_API_URL ? new URL(STRIPE_API_URL) : null;
  const options = {
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  };
  // The stripe SDK is loaded on the first card call; name and publicKey are what stripe.ts reports.
  const stripe = onFirstUse(() =>
    import('../providers/payments/stripe.ts').then(({ createStripeProvider }) => createStripeProvider(options)),
  );
  return {
    name: 'stripe',
    publicKey: STRIPE_PUBLISHABLE_KEY,
    createPayment: async (request) => (await stripe()).createPayment(request),
    getPayment: async (id) => (await stripe()).getPayment(id),
    createCheckout: async (request) => (await stripe()).createCheckout(request),
    getCheckout: async (id) => (await stripe()).getCheckout(id),
    parseWebhook: async (rawBody, signature) => (await stripe()).parseWebhook(rawBody, signature),
  };
}

/** The shared services of the API and the worker process, created once per process. */
export function createServices(config: AppConfig): AppServices {
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself and /readyz reports the outage; without a listener every failed
  // reconnect would be printed as an unhandled error event.
  redis.on('error', () => undefined);
  return {
    config,
    db: createPrismaClient(config.DATABASE_URL),
    redis,
    queues: createQueues(config.REDIS_URL),
    storage: createImageStorage(config),
    imageModel: createImageModelProvider(config),
    googleSignIn: config.GOOGLE_CLIENT_ID
      ? createLazyGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, certsUrl: config.GOOGLE_CERTS_URL })
      : null,
    cardPayments: createCardPayments(config),
    promptSafety: createPromptSafety(config),
    pictureSafety: createPictureSafety(config),
    mailer: createMailer(config),
  };
}

export async function closeServices(services: AppServices): Promise<void> {
  await closeQueues(services.queues);
  await closePictureSafety(services.pictureSafety);
  await services.redis.quit().catch(() => services.redis.disconnect());
  await services.db.$disconnect();
}
