// (page.evaluate callbacks and init scripts run in the browser.)
// The generation screen with a real model adapter instead of the demo provider: a stack of its own
// runs with IMAGE_PROVIDER=a1111 against a local stand-in of AUTOMATIC1111's API (the model is the
// one thing outside the machine). No demo notice; a generation completes with the model's pictures;
// when the model refuses the request, the tiles say 'Generation failed' and the coins come back.
// A second stack runs the real local face-age check with SAFETY_FACE_MIN_AGE=99 (every face "under
// age"): when the model draws people (the stand-in's 'face' mode, a real photograph), the tiles say
// 'Held for review', the picture is never shown or even requested, and the coins come back. It is a
// stack of its own because at 99 even the detector's faint spurious "faces" in the stand-in's flat
// pictures would hold them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HELD_IMAGE_TEXTS } from '@velvet/contracts/images/get-status';
import { findFreePort } from '@velvet/api/local/redis';
import { startStack, type RunningStack } from '@velvet/api/local/stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startA1111Fake, type A1111Fake } from '../../apps/api/test/support/fakes/a1111.ts';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { screen, textOf, waitForCompleteImages } from '../support/generate.ts';
import { waitForTitle, waitVisible, watchErrors } from '../support/page-helpers.ts';

interface A1111Stack {
  stack: RunningStack;
  dataDir: string;
}

let model: A1111Fake;
let browser: Browser;

/** A stack of its own (database, Redis, API, worker) on the AUTOMATIC1111 stand-in. */
async function startA1111Stack(extraEnv: NodeJS.ProcessEnv = {}): Promise<A1111Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-e2e-a1111-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    IMAGE_PROVIDER: 'a1111',
    A1111_URL: model.url,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PORT;
  const stack = await startStack({
    mode: 'start',
    port: await findFreePort(),
    dataDir,
    env,
    seedImages: 0,
    log: () => undefined,
  });
  return { stack, dataDir };
}

async function stopA1111Stack(running: A1111Stack | undefined): Promise<void> {
  if (!running) return;
  await running.stack.stop();
  fs.rmSync(running.dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  model = await startA1111Fake('ok');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await model?.close();
});

async function openGenerate(member: Member, stack: RunningStack): Promise<Page> {
  const page = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
  await page.goto(urlFor(stack.url, '/generate'));
  await waitForTitle(page, 'Generate Images');
  return page;
}

async function waitForBalance(page: Page, value: string): Promise<void> {
  await waitVisible(page.locator(`[data-testid="balance-chip"][aria-label="Coin balance ${value}"]`));
}

describe('generation screen with the AUTOMATIC1111 adapter', () => {
  let main: A1111Stack | undefined;
  beforeAll(async () => {
    main = await startA1111Stack();
  });
  afterAll(async () => {
    await stopA1111Stack(main);
  });

  it('shows no demo notice and completes a generation with the pictures the model drew', async () => {
    model.mode = 'ok';
    const member = await registerMember('a1111', main!.stack.url, { outboxDir: path.join(main!.dataDir, 'mail') });
    const page = await openGenerate(member, main!.stack);
    const errors = watchErrors(page);
    const s = screen(page);
    await waitForBalance(page, '500');
    expect(await s.demo.count()).toBe(0);

    await page.getByRole('radio', { name: '2', exact: true }).check();
    await s.prompt.fill('a lighthouse on a cliff in a storm');
    await s.generate.click();
    const group = s.groups.first();
    await waitVisible(group);
    await waitForBalance(page, '300');
    await waitForCompleteImages(group, 2);
    // The adapter asked the model for one batch of two at the ratio's size.
    const call = model.requests.find((request) => request.path === '/sdapi/v1/txt2img');
    expect(call?.json).toMatchObject({ batch_size: 2 });
    expect(errors.filter((e) => !e.includes('net::ERR_ABORTED'))).toEqual([]);
    await page.context().close();
  });

  it("a request the model refuses: 'Generation failed' on every tile, and the coins come back", async () => {
    model.mode = 'invalid-request';
    const member = await registerMember('a1111fail', main!.stack.url, { outboxDir: path.join(main!.dataDir, 'mail') });
    const page = await openGenerate(member, main!.stack);
    const s = screen(page);
    await waitForBalance(page, '500');

    await page.getByRole('radio', { name: '3', exact: true }).check();
    expect(await textOf(s.cost)).toBe('300');
    await s.prompt.fill('a lighthouse on a cliff in a storm');
    await s.generate.click();
    const group = s.groups.first();
    await waitVisible(group);
    const failed = group.locator('[data-testid="image-tile"][data-status="failed"]');
    await failed.nth(2).waitFor({ state: 'visible', timeout: 30_000 });
    expect(await failed.count()).toBe(3);
    expect(await textOf(failed.first())).toContain('Generation failed');
    // Charged 300 at the make call, refunded in full once the run failed.
    await waitForBalance(page, '500');
    await page.context().close();
  });
});

describe('the picture safety check with SAFETY_FACE_MIN_AGE=99 (every face under age)', () => {
  let strict: A1111Stack | undefined;
  beforeAll(async () => {
    strict = await startA1111Stack({ SAFETY_FACE_MIN_AGE: '99' });
  });
  afterAll(async () => {
    await stopA1111Stack(strict);
  });

  it("a picture of people: 'Held for review' on every tile, never the picture, and the coins come back", async () => {
    model.mode = 'face';
    const member = await registerMember('a1111held', strict!.stack.url, {
      outboxDir: path.join(strict!.dataDir, 'mail'),
    });
    const page = await openGenerate(member, strict!.stack);
    const errors = watchErrors(page);
    const pictureRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v[12]\/(image|likeimage)\/(thumb|detail)\//.test(request.url())) pictureRequests.push(request.url());
    });
    const s = screen(page);
    await waitForBalance(page, '500');

    await page.getByRole('radio', { name: '2', exact: true }).check();
    await s.prompt.fill('friends laughing at a garden party');
    await s.generate.click();
    const group = s.groups.first();
    await waitVisible(group);
    await waitForBalance(page, '300');
    const held = group.locator('[data-testid="image-tile"][data-status="held"]');
    // Drawn, then every face's age estimated on the CPU: slower than a plain generation.
    await held.nth(1).waitFor({ state: 'visible', timeout: 120_000 });
    expect(await held.count()).toBe(2);
    expect(await textOf(held.first())).toBe(HELD_IMAGE_TEXTS.label);
    expect(await group.locator('[data-testid="image-tile"][data-status="failed"]').count()).toBe(0);
    expect(await group.locator('img').count()).toBe(0);
    // Charged 200 at the make call, refunded in full once both pictures were held.
    await waitForBalance(page, '500');

    // The detail view says why, and still shows no picture.
    await held.first().click();
    const notice = page.getByTestId('detail-held');
    await waitVisible(notice);
    expect(await textOf(notice)).toContain(HELD_IMAGE_TEXTS.explanation);
    expect(await page.getByTestId('detail-image').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download Image' }).isDisabled()).toBe(true);
    expect(pictureRequests).toEqual([]);
    expect(errors.filter((e) => !e.includes('net::ERR_ABORTED'))).toEqual([]);
    await page.context().close();
  });
});
