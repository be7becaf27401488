import { Redis } from 'ioredis';
import { classifierFailsClosed, type AppConfig } from '../config/env.ts';
import { createPrismaClient } from '../db/client.ts';
import { closeQueues, createQueues } from '../jobs/queues.ts';
import { createChains } from '../providers/chains/select.ts';
import { createGoogleSignIn } from '../providers/identity/select.ts';
import { createImageModelProvider } from '../providers/image-model/select.ts';
import { createMailer } from '../providers/mail/select.ts';
import { createCryptoGateway } from '../providers/payments/select-crypto-gateway.ts';
import { createCardPayments } from '../providers/payments/select.ts';
import { createPriceFeed } from '../providers/rates/select.ts';
import { createPromptClassifier } from '../providers/safety/select-classifier.ts';
import { createFaceAgeEstimators } from '../providers/safety/select-face-age.ts';
import { createImageStorage } from '../providers/storage/select.ts';
import { createPictureSafetyCheck } from '../services/safety/check-picture.ts';
import { createLexiconStage } from '../services/safety/lexicon-screen.ts';
import { createPromptPipeline, type PromptSafety } from '../services/safety/prompt-pipeline.ts';
import type { PictureSafetyCheck } from '../services/safety/verdict.ts';
import type { AppServices } from './app-services.ts';

// The one composition root: every provider is chosen by its providers/<capability>/select*.ts and
// built here, once per process (API, worker and tests alike). Nothing else constructs a provider.

/** Lexicons first (always), then the configured classifier (SAFETY_CLASSIFIER). */
export function createPromptSafety(config: AppConfig): PromptSafety {
  const classifier = createPromptClassifier(config);
  const stages = classifier ? [createLexiconStage(), classifier] : [createLexiconStage()];
  return createPromptPipeline(stages, { failClosed: classifierFailsClosed(config) });
}

/** The picture check of SAFETY_PICTURE_CHECK (null when off). */
export function createPictureSafety(config: AppConfig): PictureSafetyCheck | null {
  const estimators = createFaceAgeEstimators(config);
  return estimators.length > 0 ? createPictureSafetyCheck(estimators, config.SAFETY_FACE_MIN_AGE) : null;
}

/**
 * The shared services of the API and the worker process, created once per process. A bad key or a
 * setting refused in production (demo chains or prices) stops start-up here with the variable's name;
 * chains and feeds are plain objects over HTTP, nothing is opened.
 */
export function createServices(config: AppConfig): AppServices {
  // Everything that only reads the config first: a refused setting throws before a connection opens.
  const providers = {
    storage: createImageStorage(config),
    imageModel: createImageModelProvider(config),
    googleSignIn: createGoogleSignIn(config),
    cardPayments: createCardPayments(config),
    chains: createChains(config),
    cryptoGateway: createCryptoGateway(config),
    priceFeed: createPriceFeed(config),
    promptSafety: createPromptSafety(config),
    pictureSafety: createPictureSafety(config),
    mailer: createMailer(config),
  };
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself and /readyz reports the outage; without a listener every failed
  // reconnect would be printed as an unhandled error event.
  redis.on('error', () => undefined);
  return {
    config,
    db: createPrismaClient(config.DATABASE_URL),
    redis,
    queues: createQueues(config.REDIS_URL),
    ...providers,
  };
}

export async function closeServices(services: AppServices): Promise<void> {
  await closeQueues(services.queues);
  // The local face check's threads.
  await services.pictureSafety?.close();
  await services.redis.quit().catch(() => services.redis.disconnect());
  await services.db.$disconnect();
}
