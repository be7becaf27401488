import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Queues } from '../jobs/queues.ts';
import type { Chains } from '../providers/chains/index.ts';
import type { IdentityVerifier } from '../providers/identity/index.ts';
import type { ImageModelProvider } from '../providers/image-model/index.ts';
import type { Mailer } from '../providers/mail/index.ts';
import type { CardPaymentProvider } from '../providers/payments/index.ts';
import type { NowPaymentsGateway } from '../providers/payments/nowpayments/gateway.ts';
import type { PriceFeed } from '../providers/rates/index.ts';
import type { ImageStorage } from '../providers/storage/index.ts';
import type { PromptSafety } from '../services/safety/prompt-pipeline.ts';
import type { PictureSafetyCheck } from '../services/safety/verdict.ts';

/**
 * The long-lived things every route, job and service shares, built once per process by
 * createServices() (bootstrap/create-services.ts) in the API, the worker and the tests. Services take
 * only the fields they use (a Pick of this shape, declared beside them), never this type.
 */
export interface AppServices {
  config: AppConfig;
  db: Database;
  redis: Redis;
  queues: Queues;
  storage: ImageStorage;
  imageModel: ImageModelProvider;
  /** Google id token verification; null when GOOGLE_CLIENT_ID is not configured. */
  googleSignIn: IdentityVerifier | null;
  /** Card payments; null when no processor is configured (cards are shown greyed out). */
  cardPayments: CardPaymentProvider | null;
  /** The coins this deployment takes deposits in: address books and chain watchers. */
  chains: Chains;
  /** The hosted crypto gateway (NOWPayments) that replaces `chains` for deposits; null when not configured. */
  cryptoGateway: NowPaymentsGateway | null;
  /** US$ per coin for the deposit quotes (cached in Redis by services/deposits/rates.ts). */
  priceFeed: PriceFeed;
  /** The prompt screen (lexicons, then the configured classifier) run before anything is charged. */
  promptSafety: PromptSafety;
  /** The picture check between the image model and storage; null only when SAFETY_PICTURE_CHECK=off. */
  pictureSafety: PictureSafetyCheck | null;
  /** Outgoing mail: SMTP when SMTP_URL is set, the .eml outbox under the data folder otherwise. */
  mailer: Mailer;
}
