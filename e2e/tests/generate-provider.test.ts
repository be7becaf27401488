// (page.evaluate callbacks and init scripts run in the browser.)
// The generation screen with a real model adapter instead of the demo provider: a stack of its own
// runs with IMAGE_PROVIDER=a1111 against a local stand-in of AUTOMATIC1111's API (the model is the
// one thing outside the machine). No demo notice; a generation completes with the model's pictures;
// when the model refuses the request, the tiles say 'Generation failed' and the coins come back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@velvet/api/local/redis';
import { startStack, type RunningStack } from '@velvet/api/local/stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startA1111Fake, type A1111Fake } from '../../apps/api/test/support/fakes/a1111.ts';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { screen, textOf, waitForCompleteImages } from '../support/generate.ts';
import { waitForTitle, waitVisible, watchErrors } from '../support/page-helpers.ts';

let model: A1111Fake;
let stack: RunningStack;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  model = await startA1111Fake('ok');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-e2e-a1111-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    IMAGE_PROVIDER: 'a1111',
    A1111_URL: model.url,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PORT;
  stack = await startStack({
    mode: 'start',
    port: await findFreePort(),
    dataDir,
    env,
    seedImages: 0,
    log: () => undefined,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await model?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openGenerate(member: Member): Promise<Page> {
  const page = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
  await page.goto(urlFor(stack.url, '/generate'));
  await waitForTitle(page, 'Generate Images');
  return page;
}

async function waitForBalance(page: Page, value: string): Promise<void> {
  await waitVisible(page.locator(`[data-testid="balance-chip"][aria-label="Coin balance ${value}"]`));
}

describe('generation screen with the AUTOMATIC1111 adapter', () => {
  it('shows no demo notice and completes a generation with the pictures the model drew', async () => {
    model.mode = 'ok';
    const member = await registerMember('a1111', stack.url);
    const page = await openGenerate(member);
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
    const member = await registerMember('a1111fail', stack.url);
    const page = await openGenerate(member);
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
