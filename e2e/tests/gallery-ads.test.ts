// (page.evaluate callbacks and init scripts run in the browser.)
// Ads inside the grids (spec sections 2, 7, 8 and 9): every 19th slot is an ad, alternating the iframe
// embed and the VAST splash ad of the ad network (a local stand-in, e2e/support/ad-server.ts); a failed
// splash ad is logged and falls back to the house promo, as does a kind without a zone.
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { scrollUntilCards, slot, waitForCardCount } from '../support/gallery.ts';
import { waitForPath, waitForTitle, waitVisible } from '../support/page-helpers.ts';

let browser: Browser;
let member: Member;

function adServer(): string {
  const url = inject('adServerUrl');
  if (!url) throw new Error("e2e global setup did not provide 'adServerUrl'");
  return url;
}

async function hits(): Promise<Record<string, number>> {
  return (await (await fetch(`${adServer()}/__hits`)).json()) as Record<string, number>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember('adviewer');
});

afterAll(async () => {
  await browser?.close();
});

async function explore(): Promise<{ page: Page; warnings: string[] }> {
  const page = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(urlFor(baseUrl(), '/'));
  await waitForTitle(page, 'Explore');
  await waitForCardCount(page, 30);
  return { page, warnings };
}

describe('ad slots', () => {
  it('the 19th slot is the iframe ad: sandboxed, lazy, the network page inside', async () => {
    const { page } = await explore();
    const ad = slot(page, 19);
    expect(await ad.getAttribute('data-testid')).toBe('ad-slot');
    expect(await ad.getAttribute('data-ad-kind')).toBe('iframe');
    // Slots 18 and 20 are images; there is one ad among the first 31 slots.
    expect(await slot(page, 18).getAttribute('data-testid')).toBe('gallery-card');
    expect(await slot(page, 20).getAttribute('data-testid')).toBe('gallery-card');
    expect(await page.getByTestId('ad-slot').count()).toBe(1);

    const frame = ad.locator('iframe');
    expect(await frame.getAttribute('src')).toBe(`${adServer()}/frame.html`);
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('title')).toBe('Advertisement');
    const sandbox = (await frame.getAttribute('sandbox'))?.split(' ') ?? [];
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-popups']));
    expect(sandbox).not.toContain('allow-top-navigation');
    await ad.scrollIntoViewIfNeeded();
    await waitVisible(ad.frameLocator('iframe').getByRole('heading', { name: 'Iframe Ad' }));
    await page.context().close();
  });

  it('the 38th slot is the splash ad from the VAST XML: the static image, linking to the click-through', async () => {
    const before = (await hits())['/impression'] ?? 0;
    const { page } = await explore();
    await scrollUntilCards(page, 60);
    const ad = slot(page, 38);
    expect(await ad.getAttribute('data-ad-kind')).toBe('vast');
    const splash = ad.getByTestId('ad-splash');
    await ad.scrollIntoViewIfNeeded();
    await waitVisible(splash);
    const link = splash.getByRole('link');
    expect(await link.getAttribute('href')).toBe(`${adServer()}/landing?ad=splash&src=velvet`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener sponsored');
    expect(await splash.getByRole('img', { name: 'Advertisement' }).getAttribute('src')).toBe(
      `${adServer()}/banner.svg`,
    );
    await expect.poll(async () => (await hits())['/impression'] ?? 0).toBeGreaterThan(before);

    // A click opens the advertiser in a new tab.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${adServer()}/landing?ad=splash&src=velvet`);
    await page.context().close();
  });

  it.each([
    [
      'XML without the ad data',
      'could not extract ad data',
      { status: 200, body: '<VAST version="3.0"><Ad><InLine/></Ad></VAST>' },
    ],
    ['a server error', 'error loading ad', { status: 500, body: 'oops' }],
    ['a body that is not VAST', 'error loading ad', { status: 200, body: '<html><body>maintenance</body></html>' }],
  ])('a splash ad with %s is logged (%s) and the slot shows the house promo', async (_label, message, reply) => {
    const page = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
    const warnings: string[] = [];
    page.on('console', (entry) => {
      if (entry.type() === 'warning') warnings.push(entry.text());
    });
    await page.route(`${adServer()}/vast.xml`, (route) =>
      route.fulfill({
        status: reply.status,
        body: reply.body,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/xml' },
      }),
    );
    await page.goto(urlFor(baseUrl(), '/'));
    await waitForCardCount(page, 30);
    await scrollUntilCards(page, 60);
    const ad = slot(page, 38);
    await waitVisible(ad.getByTestId('house-promo'));
    await expect.poll(() => warnings.some((text) => text.startsWith(message))).toBe(true);
    await page.context().close();
  });

  it("a splash ad whose reader does not load (a release replaced it): 'error loading ad', then the house promo", async () => {
    const page = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
    const warnings: string[] = [];
    page.on('console', (entry) => {
      if (entry.type() === 'warning') warnings.push(entry.text());
    });
    // The VAST reader is a chunk of its own, fetched with the first splash ad.
    let readerRequested = false;
    await page.route(/\/assets\/vast-[^/]+\.js$/, (route) => {
      readerRequested = true;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    await page.goto(urlFor(baseUrl(), '/'));
    await waitForCardCount(page, 30);
    expect(readerRequested).toBe(false);
    await scrollUntilCards(page, 60);
    await waitVisible(slot(page, 38).getByTestId('house-promo'));
    expect(readerRequested).toBe(true);
    await expect.poll(() => warnings.some((text) => text.startsWith('error loading ad'))).toBe(true);
    await page.context().close();
  });

  it("a splash ad that does not answer within 10 s: 'ad load timed out', then the house promo", async () => {
    const page = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
    const warnings: string[] = [];
    page.on('console', (entry) => {
      if (entry.type() === 'warning') warnings.push(entry.text());
    });
    // Never answered.
    await page.route(`${adServer()}/vast.xml`, () => undefined);
    await page.goto(urlFor(baseUrl(), '/'));
    await waitForCardCount(page, 30);
    await scrollUntilCards(page, 60);
    const ad = slot(page, 38);
    await page.waitForTimeout(8_000);
    expect(await ad.getByTestId('house-promo').count()).toBe(0);
    await ad.getByTestId('house-promo').waitFor({ state: 'visible', timeout: 6_000 });
    expect(warnings.some((text) => text.startsWith('ad load timed out'))).toBe(true);
    await page.context().close();
  });

  it('a kind without an ad zone shows the house promo for plans and coin packs', async () => {
    const page = await newPage(browser, { consent: true });
    await page.route('**/api/ads/config', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"iframe_url":null,"vast_url":null}' }),
    );
    await page.goto(urlFor(baseUrl(), '/'));
    await waitForCardCount(page, 30);
    const promo = slot(page, 19).getByTestId('house-promo');
    await waitVisible(promo);
    expect(await promo.textContent()).toContain('$8/month');
    expect(await promo.textContent()).toContain('500K coins a year');
    expect(await promo.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscription');
    expect(await promo.getByRole('link', { name: 'Buy coins' }).getAttribute('href')).toBe('/coin');
    await promo.getByRole('link', { name: 'See plans' }).click();
    await waitForPath(page, '/subscription');
    await page.context().close();
  });
});
