import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '@velvet/api/local/stack';
import { findFreePort } from '@velvet/api/local/redis';
import { startFakeChains } from '../apps/api/test/support/fakes/chains/index.ts';
import { startFakeFlexPay } from '../apps/api/test/support/fakes/fake-flexpay.ts';
import { startGoogleIdentityFake } from '../apps/api/test/support/google-identity.ts';
import { startAdServerFake } from './support/ad-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Control endpoints of the Google identity stand-in (POST {url}/sign, POST {url}/next-login). */
    googleControlUrl: string;
    /** Origin of the ad network stand-in (GET {url}/__hits counts requests per path). */
    adServerUrl: string;
    /** Control API of the Bitcoin chain stand-in (POST {url}/__control/pay, /__control/mine). */
    esploraControlUrl: string;
    /** Control API of the XRP Ledger stand-in (POST {url}/__control/pay { tag, amount }). */
    rippledControlUrl: string;
    /** The stack's mail outbox: each mail the product sends is an .eml file here (e2e/support/mail-outbox.ts). */
    mailOutboxDir: string;
    /**
     * The stack's database, for the few states a browser test cannot reach through the product in
     * time (a deposit past its expiry, a picture held by the safety check): console tests only.
     */
    databaseUrl: string;
    /**
     * The Verotel FlexPay stand-in the stack takes cards through (CARD_PROCESSOR=verotel): its order
     * and cancel pages, and its control API (POST {url}/__control/rebill, chargeback, replay, forge...).
     */
    flexpayUrl: string;
  }
}

/** The Verotel website's shop id and signature key the stack and the stand-in share (test values). */
const FLEXPAY_SHOP_ID = '117000';
const FLEXPAY_SIGNATURE_KEY = 'e2e-flexpay-signature-key';

const WEB_INDEX = path.resolve(import.meta.dirname, '../apps/web/dist/index.html');

/**
 * Browser tier: the whole product exactly as `npm start` runs it (embedded Postgres, local Redis,
 * migrations, a small demo seed, API serving the built web app, worker) on a free port with a
 * throwaway data folder. Google is the one thing outside the machine: a local stand-in speaking its
 * protocol (signing keys, id-token authorization endpoint) takes its place. Sign-in rate limits are
 * raised so that many tests can sign in from the one browser IP. The ad network is a local stand-in
 * too (VAST XML and an iframe page, e2e/support/ad-server.ts), and so are the chains and the price feed
 * the crypto deposits read (apps/api/test/support/fakes/chains): a test pays a deposit address there. The demo seed holds enough published
 * images for more than three Explore pages (infinite scroll, the guest limit). Cards go through the
 * Verotel FlexPay stand-in (apps/api/test/support/fakes/fake-flexpay.ts), which sends its postbacks to
 * the stack: the stack's port is chosen first so that the stand-in knows where they go.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync('/usr/bin/chromium')) {
    throw new Error('Browser tests need Debian chromium at /usr/bin/chromium: apt-get install -y chromium');
  }
  if (!fs.existsSync(WEB_INDEX)) {
    throw new Error('The web app is not built: run `pnpm --filter @velvet/web build` first (npm test does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-e2e-'));
  const google = await startGoogleIdentityFake();
  const ads = await startAdServerFake();
  const chains = await startFakeChains();
  const port = await findFreePort();
  const flexpay = await startFakeFlexPay({
    key: FLEXPAY_SIGNATURE_KEY,
    shopId: FLEXPAY_SHOP_ID,
    // 127.0.0.1, not localhost: the API listens on IPv4 and Node may try ::1 first.
    postbackUrl: `http://127.0.0.1:${port}/api/payment/verotel/postback`,
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CERTS_URL: google.certsUrl,
    GOOGLE_AUTH_URL: google.authorizationUrl,
    AUTH_RATE_LIMIT_MAX_PER_IP: '10000',
    AUTH_RATE_LIMIT_MAX_PER_EMAIL: '10000',
    ADMIN_EMAIL: 'admin@velvet.test',
    ADMIN_PASSWORD: 'Admin!12345',
    ADS_VAST_URL: ads.vastUrl,
    ADS_IFRAME_URL: ads.iframeUrl,
    // Stripe's browser half only: the CSP then allows Stripe.js as in a deployment with Stripe (the
    // embedded card test tells the browser Stripe is on); without its secret keys Stripe stays off.
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    // Cards are taken through the Verotel stand-in (e2e/tests/payments-verotel.test.ts).
    CARD_PROCESSOR: 'verotel',
    VEROTEL_SHOP_ID: FLEXPAY_SHOP_ID,
    VEROTEL_SIGNATURE_KEY: FLEXPAY_SIGNATURE_KEY,
    VEROTEL_BASE_URL: flexpay.url,
    ...chains.env,
    // Claims are refunded 12 s after the request (unless support decides them first: the console's
    // Claims test needs that long to approve and reject).
    CLAIM_REFUND_DELAY_MINUTES: '0.2',
    // No SMTP server: mails are .eml files in the data folder, read by e2e/support/mail-outbox.ts.
    MAIL_OUTBOX_DIR: path.join(dataDir, 'mail'),
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PORT;
  let stack;
  try {
    stack = await startStack({
      mode: 'start',
      port,
      dataDir,
      env,
      // ~85% of the demo images are published: 120 give more than three pages of 30 in Explore.
      seedImages: 120,
      log: () => undefined,
    });
  } catch (error) {
    await google.stop();
    await ads.stop();
    await chains.stop();
    await flexpay.close();
    throw error;
  }
  project.provide('baseUrl', stack.url);
  project.provide('googleControlUrl', google.controlUrl);
  project.provide('adServerUrl', ads.origin);
  project.provide('esploraControlUrl', chains.esplora.url);
  project.provide('rippledControlUrl', chains.rippled.url);
  project.provide('mailOutboxDir', path.join(dataDir, 'mail'));
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('flexpayUrl', flexpay.url);
  return async () => {
    await stack.stop();
    await google.stop();
    await ads.stop();
    await chains.stop();
    await flexpay.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
