// (page.evaluate callbacks and init scripts run in the browser.)
// The image detail view from the galleries (spec sections 2, 4, 5 and 8): what each variant shows, the
// view and status calls on opening, like, prompt copy, download, Publish/Unpublish, Claim and Delete
// Image with their toasts and disabled states, Report, picture and download failures, the mobile sheet,
// and every change reaching the grid card.
import fs from 'node:fs';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { card, cardLike, cards, openDetail, toast, waitForCardCount } from '../support/gallery.ts';
import { generateImages, imageStatus, listExplore, toggleLike } from '../support/images.ts';
import { waitForTitle, waitHidden, waitVisible } from '../support/page-helpers.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { expectAlertUntilDismissed } from '../support/toasts.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const CLAIM_TEXT = 'Your claim request has been received. The coin will be automatically recharged within 24 hours.';

async function signedInPage(member: Member, path: string, mobile = false): Promise<Page> {
  const page = await newPage(browser, { consent: true, mobile, localStorage: signedInStorage(member.session) });
  await page.goto(urlFor(baseUrl(), path));
  return page;
}

function watchImageCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (/^\/api\/v[12]\/(image|status|likeimage)/.test(url.pathname)) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const button = (dialog: Locator, name: string) => dialog.getByRole('button', { name, exact: true });

/** Opens the report form through the detail view's overflow menu ('...'). */
async function openReport(page: Page, dialog: Locator): Promise<void> {
  await button(dialog, 'More actions').click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await waitVisible(dialog.getByTestId('report-form'));
}

/**
 * The visible boxes (clipped by any scrolling ancestor) of every control of the dialog, of the
 * Type/Ratio/Strength row and of the prompt; a toast's own buttons are left out.
 */
async function controlBoxes(dialog: Locator) {
  return dialog
    .locator('button, a, input, [data-testid="detail-type"], [data-testid="detail-prompt"]')
    .evaluateAll((elements) =>
      elements
        .filter((element) => !element.closest('[data-testid="toast"]'))
        .map((element) => {
          const rect = element.getBoundingClientRect();
          let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
          for (let node = element.parentElement; node; node = node.parentElement) {
            if (getComputedStyle(node).overflowY === 'visible') continue;
            const clip = node.getBoundingClientRect();
            [left, top] = [Math.max(left, clip.left), Math.max(top, clip.top)];
            [right, bottom] = [Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
          }
          const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
          return { name, x: left, y: top, width: right - left, height: bottom - top };
        })
        .filter((box) => box.width > 0 && box.height > 0),
    );
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function isDisabled(dialog: Locator, name: string): Promise<boolean> {
  return button(dialog, name).isDisabled();
}

describe('detail view from Explore (public variant)', () => {
  let member: Member;
  beforeAll(async () => {
    member = await registerMember('viewer');
  });

  it('records a view, refreshes the status, and shows only like, download, prompt copy and a More actions menu', async () => {
    const target = (await listExplore(member.session)).list.find((image) => image.like_cnt < 900)!;
    const page = await signedInPage(member, '/');
    await waitForTitle(page, 'Explore');
    await waitForCardCount(page, 30);
    const calls = watchImageCalls(page);
    const dialog = await openDetail(page, card(page, target.image_id));

    const viewIndex = () => calls.indexOf(`POST /api/v1/image/view/${target.image_id}`);
    const statusIndex = () => calls.indexOf(`GET /api/v2/status/${target.image_id}`);
    await expect.poll(statusIndex).toBeGreaterThan(-1);
    expect(viewIndex()).toBeGreaterThan(-1);
    expect(viewIndex()).toBeLessThan(statusIndex());
    expect(calls).toContain(`GET /api/v1/image/detail/${target.image_id}`);

    expect(await dialog.getByTestId('detail-type').textContent()).toBe(target.run_type);
    expect(await dialog.getByTestId('detail-ratio').textContent()).toBe(target.run_ratio);
    expect(await dialog.getByTestId('detail-strength').textContent()).toBe(target.strength.toFixed(1));
    expect(await dialog.getByTestId('detail-prompt').textContent()).toBe(target.prompt);
    await expect
      .poll(async () => dialog.getByTestId('detail-view-count').textContent())
      .not.toBe(String(target.view_cnt));
    await waitVisible(dialog.getByTestId('detail-image'));
    expect(await dialog.getByTestId('detail-image').getAttribute('src')).toBe(
      `/api/v1/image/detail/${target.image_id}`,
    );

    for (const name of ['Download Image', 'Copy', 'More actions']) await waitVisible(button(dialog, name));
    await waitVisible(dialog.getByRole('button', { name: 'Like' }));
    // The spec lists like, download and prompt copy; Report waits in the overflow menu.
    expect(await button(dialog, 'Report').count()).toBe(0);
    for (const name of ['Publish', 'Unpublish', 'Claim', 'Delete Image']) {
      expect(await button(dialog, name).count()).toBe(0);
    }
    await page.context().close();
  });

  it('like toggles with the returned is_liked and like_cnt, and the card follows', async () => {
    const target = (await listExplore(member.session)).list.find(
      (image) => image.like_cnt < 900 && image.is_liked === 'N',
    )!;
    const page = await signedInPage(member, '/');
    await waitForCardCount(page, 30);
    const dialog = await openDetail(page, card(page, target.image_id));
    const like = dialog.getByRole('button', { name: 'Like' });
    const count = () => dialog.getByTestId('detail-like-count').textContent();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    const liked = await imageStatus(member.session, target.image_id);
    expect(liked.is_liked).toBe('Y');
    await expect.poll(count).toBe(String(liked.like_cnt));

    await dialog.getByRole('button', { name: 'Close' }).click();
    await waitHidden(dialog);
    expect(await cardLike(card(page, target.image_id))).toEqual({ count: String(liked.like_cnt), pressed: 'true' });

    // The card's own like button toggles it back.
    await card(page, target.image_id).getByTestId('card-like').click();
    await expect.poll(async () => (await cardLike(card(page, target.image_id))).pressed).toBe('false');
    const unliked = await imageStatus(member.session, target.image_id);
    expect(unliked).toMatchObject({ is_liked: 'N', like_cnt: liked.like_cnt - 1 });
    expect((await cardLike(card(page, target.image_id))).count).toBe(String(unliked.like_cnt));
    await page.context().close();
  });

  it("copies the prompt and says 'Copied!' for 1.5 s", async () => {
    const target = (await listExplore(member.session)).list[2]!;
    const page = await signedInPage(member, '/');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await waitForCardCount(page, 30);
    const dialog = await openDetail(page, card(page, target.image_id));
    await button(dialog, 'Copy').click();
    const copied = button(dialog, 'Copied!');
    await waitVisible(copied);
    const shownAt = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(target.prompt);
    await waitVisible(button(dialog, 'Copy'));
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1000);
    expect(shownFor).toBeLessThan(2500);
    await page.context().close();
  });

  it('downloads the picture as <image_id>.webp after recording the download', async () => {
    const target = (await listExplore(member.session)).list[3]!;
    const page = await signedInPage(member, '/');
    await waitForCardCount(page, 30);
    const calls = watchImageCalls(page);
    const dialog = await openDetail(page, card(page, target.image_id));
    const [download] = await Promise.all([page.waitForEvent('download'), button(dialog, 'Download Image').click()]);
    expect(download.suggestedFilename()).toBe(`${target.image_id}.webp`);
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const recorded = calls.indexOf(`POST /api/v1/image/down/${target.image_id}`);
    expect(recorded).toBeGreaterThan(-1);
    expect(calls.lastIndexOf(`GET /api/v1/image/detail/${target.image_id}`)).toBeGreaterThan(recorded);
    await page.context().close();
  });

  it("a failed download says 'Failed to download image. Please try again.'", async () => {
    const target = (await listExplore(member.session)).list[4]!;
    const page = await signedInPage(member, '/');
    await waitForCardCount(page, 30);
    await page.route('**/api/v1/image/down/*', (route) => route.abort('failed'));
    const dialog = await openDetail(page, card(page, target.image_id));
    await button(dialog, 'Download Image').click();
    const failed = toast(page, 'Failed to download image. Please try again.');
    await waitVisible(failed);
    expect(await failed.getAttribute('data-variant')).toBe('error');
    await expectAlertUntilDismissed(page, failed);
    await page.context().close();
  });

  it('closes with the close button, a backdrop click and Escape', async () => {
    const page = await signedInPage(member, '/');
    await waitForCardCount(page, 30);
    const dialog = await openDetail(page, cards(page).first());
    await dialog.getByRole('button', { name: 'Close' }).click();
    await waitHidden(dialog);
    await openDetail(page, cards(page).first());
    await page.getByTestId('image-detail-backdrop').click({ position: { x: 8, y: 8 } });
    await waitHidden(dialog);
    await openDetail(page, cards(page).first());
    await page.keyboard.press('Escape');
    await waitHidden(dialog);
    await page.context().close();
  });

  it('mobile: a full-page sheet', async () => {
    const page = await signedInPage(member, '/', true);
    await waitForTitle(page, 'Explore');
    await waitVisible(cards(page).first());
    const dialog = await openDetail(page, cards(page).first());
    // Once the sheet has slid in, it covers the whole viewport.
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box && [box.x, box.y, box.width, box.height].map(Math.round);
      })
      .toEqual([0, 0, 390, 844]);
    await waitVisible(button(dialog, 'Download Image'));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await waitHidden(dialog);
    await page.context().close();
  });
});

describe('detail view from My Collections (collection variant)', () => {
  it('publish and unpublish with their toasts, claim disables claim, publish and download, then refunds; the card follows', async () => {
    const owner = await registerMember('owner');
    const [imageId] = await generateImages(owner.session, { model: 'Manga', ratio: 'Portrait' });
    const page = await signedInPage(owner, '/collections');
    await waitForTitle(page, 'My Collections');
    await waitForCardCount(page, 1);
    const theCard = card(page, imageId!);
    // Collection pictures are fetched with the token (blob URLs).
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="gallery-card"] img')?.getAttribute('src')?.startsWith('blob:'),
    );

    const dialog = await openDetail(page, theCard);
    expect(await dialog.getByTestId('detail-type').textContent()).toBe('Manga');
    expect(await dialog.getByTestId('detail-ratio').textContent()).toBe('Portrait');
    expect(await dialog.getByTestId('detail-strength').textContent()).toBe('0.5');
    expect(await dialog.getByTestId('detail-state').textContent()).toBe('Private');
    expect(await button(dialog, 'Report').count()).toBe(0);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="detail-image"]')?.getAttribute('src')?.startsWith('blob:'),
    );

    await button(dialog, 'Publish').click();
    const published = toast(page, 'Image has been published successfully');
    await waitVisible(published);
    expect(await published.getAttribute('data-variant')).toBe('success');
    await waitVisible(button(dialog, 'Unpublish'));
    await waitVisible(theCard.getByTestId('badge-published'));
    expect((await imageStatus(owner.session, imageId!)).is_open).toBe('Y');
    // A 2 s toast.
    await page.mouse.move(5, 790);
    await page.waitForTimeout(1000);
    expect(await published.isVisible()).toBe(true);
    await waitHidden(published);

    await button(dialog, 'Unpublish').click();
    const withdrawn = page.getByTestId('toast').filter({ hasText: 'Image has been cancelled from publication' });
    await waitVisible(withdrawn);
    expect(await withdrawn.locator('p').textContent()).toBe('Image has been cancelled from publication ');
    expect(await withdrawn.getAttribute('data-variant')).toBe('error');
    await waitVisible(button(dialog, 'Publish'));
    expect(await theCard.getByTestId('badge-published').count()).toBe(0);

    // 500 welcome coins less the 100 the picture cost, read afresh at start-up.
    const balance = page.locator('[data-testid="balance-chip"][aria-label="Coin balance 400"]');
    await waitVisible(balance);
    await button(dialog, 'Claim').click();
    const claimed = toast(page, CLAIM_TEXT);
    await waitVisible(claimed);
    expect(await claimed.getAttribute('data-variant')).toBe('success');
    await expect.poll(() => isDisabled(dialog, 'Claim')).toBe(true);
    expect(await isDisabled(dialog, 'Publish')).toBe(true);
    expect(await isDisabled(dialog, 'Download Image')).toBe(true);
    expect(await isDisabled(dialog, 'Delete Image')).toBe(false);
    expect(await dialog.getByTestId('detail-state').textContent()).toBe('Claimed');
    await waitVisible(theCard.getByTestId('badge-claimed'));
    expect(await imageStatus(owner.session, imageId!)).toMatchObject({ is_claim: 'Y', is_open: 'N' });
    // The claim job refunds the 100 coins (12 s here) and the balance shows it without a reload.
    await page
      .locator('[data-testid="balance-chip"][aria-label="Coin balance 500"]')
      .waitFor({ state: 'visible', timeout: 45_000 });
    await page.context().close();
  });

  it('Delete Image: the server message as a toast, every action disabled, the card leaves the grid', async () => {
    const owner = await registerMember('deleter');
    const ids = await generateImages(owner.session, { count: 2, model: 'Animation', ratio: 'Landscape' });
    const page = await signedInPage(owner, '/collections');
    await waitForCardCount(page, 2);
    const dialog = await openDetail(page, card(page, ids[0]!));
    await button(dialog, 'Delete Image').click();
    await waitVisible(toast(page, 'The image has been deleted.'));
    for (const name of ['Download Image', 'Publish', 'Claim', 'Delete Image', 'Copy']) {
      await expect.poll(() => isDisabled(dialog, name)).toBe(true);
    }
    expect(await dialog.getByRole('button', { name: 'Like' }).isDisabled()).toBe(true);
    expect(await dialog.getByTestId('detail-state').textContent()).toBe('Deleted');
    await waitForCardCount(page, 1);
    expect(await card(page, ids[0]!).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await waitHidden(dialog);
    expect(await card(page, ids[1]!).count()).toBe(1);
    await page.context().close();
  });

  it('a status refresh read before a delete and answered after it does not bring the image back', async () => {
    // Opening refreshes the flags from the status call; on a slow connection its answer, read by the
    // server before the delete, may arrive after the delete's: the delete's answer is the newer state.
    const owner = await registerMember('slowstatus');
    const [imageId] = await generateImages(owner.session, { count: 1, model: 'Animation', ratio: 'Landscape' });
    const page = await signedInPage(owner, '/collections');
    await waitForCardCount(page, 1);
    let statusRead!: () => void;
    const read = new Promise<void>((resolve) => (statusRead = resolve));
    let releaseStatus!: () => void;
    const released = new Promise<void>((resolve) => (releaseStatus = resolve));
    await page.route(`**/api/v2/status/${imageId!}`, async (route) => {
      const response = await route.fetch(); // the server reads the image now: not deleted yet
      statusRead();
      await released;
      await route.fulfill({ response });
    });
    const dialog = await openDetail(page, card(page, imageId!));
    await read;
    await button(dialog, 'Delete Image').click();
    await waitVisible(toast(page, 'The image has been deleted.'));
    await expect.poll(() => isDisabled(dialog, 'Delete Image')).toBe(true);
    const answered = page.waitForResponse((res) => res.url().includes(`/api/v2/status/${imageId!}`));
    releaseStatus();
    await answered;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    for (const name of ['Download Image', 'Publish', 'Claim', 'Delete Image', 'Copy']) {
      expect(await isDisabled(dialog, name)).toBe(true);
    }
    expect(await dialog.getByTestId('detail-state').textContent()).toBe('Deleted');
    expect(await imageStatus(owner.session, imageId!)).toMatchObject({ is_delete: 'Y' });
    await page.context().close();
  });

  it("opening an image deleted meanwhile says 'This Image is deleted'", async () => {
    const owner = await registerMember('stale');
    const [imageId] = await generateImages(owner.session);
    const page = await signedInPage(owner, '/collections');
    await waitForCardCount(page, 1);
    const response = await fetch(new URL(`/api/v2/image/delete/${imageId}`, baseUrl()), {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.session.token}` },
    });
    expect(response.status).toBe(200);
    const dialog = await openDetail(page, card(page, imageId!));
    await waitVisible(toast(page, 'This Image is deleted'));
    await expect.poll(() => isDisabled(dialog, 'Download Image')).toBe(true);
    await page.context().close();
  });

  it("a picture that cannot be loaded says 'Error loading image: {message}'", async () => {
    const owner = await registerMember('broken');
    const [imageId] = await generateImages(owner.session);
    const page = await signedInPage(owner, '/collections');
    await waitForCardCount(page, 1);
    await page.route(`**/api/v2/image/detail/${imageId}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Storage is unavailable' }),
      }),
    );
    const dialog = await openDetail(page, card(page, imageId!));
    await waitVisible(dialog.getByText('Error loading image: Storage is unavailable', { exact: true }));
    await page.context().close();
  });
});

describe('detail view from Liked Contents (likes variant)', () => {
  it('loads the liked picture with the token, shows the likes actions, and reports the image', async () => {
    const fan = await registerMember('fan');
    const target = (await listExplore(fan.session, { sort_by: 'Oldest' })).list[5]!;
    await toggleLike(fan.session, target.image_id);
    const page = await signedInPage(fan, '/likes');
    await waitForTitle(page, 'Liked Contents');
    await waitForCardCount(page, 1);
    const detailRequests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/likeimage/detail/')) detailRequests.push(request);
    });
    const dialog = await openDetail(page, card(page, target.image_id));
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="detail-image"]')?.getAttribute('src')?.startsWith('blob:'),
    );
    expect(detailRequests[0]?.headers().authorization).toBe(`Bearer ${fan.session.token}`);
    expect(await dialog.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true');
    for (const name of ['Publish', 'Claim', 'Delete Image']) expect(await button(dialog, name).count()).toBe(0);

    await openReport(page, dialog);
    const form = dialog.getByTestId('report-form');
    await waitVisible(form);
    expect(await form.getByRole('radio').count()).toBe(6);
    await form.getByLabel('Spam or advertising').check();
    await form.getByRole('button', { name: 'Send report' }).click();
    await waitVisible(toast(page, 'Thank you. Our team will review this image.'));
    // Reported once: the menu's item says so and cannot be chosen again.
    await button(dialog, 'More actions').click();
    const reported = page.getByRole('menuitem', { name: 'Reported' });
    await waitVisible(reported);
    expect(await reported.isDisabled()).toBe(true);
    await page.context().close();
  });
});

describe('detail view: the report overflow menu', () => {
  it("'More actions' opens with Enter or Space, Escape closes it and returns focus; Report opens the form", async () => {
    const member = await registerMember('menu');
    const page = await signedInPage(member, '/');
    await waitForCardCount(page, 30);
    const dialog = await openDetail(page, cards(page).first());
    const more = button(dialog, 'More actions');
    expect(await more.getAttribute('aria-haspopup')).toBe('menu');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    const menu = page.getByRole('menu');

    await more.focus();
    await page.keyboard.press('Enter');
    await waitVisible(menu);
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    // Focus moves onto the first item.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Report');
    await page.keyboard.press('Escape');
    await waitHidden(menu);
    // Escape closed the menu only, not the detail view, and focus is back on the button.
    expect(await dialog.isVisible()).toBe(true);
    expect(await more.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Space');
    await waitVisible(menu);
    await saveScreenshot(page, 'detail-explore-1280-menu');
    // The actions row fits the panel: '...' ends inside the dialog, clear of its edge.
    const moreBox = (await more.boundingBox())!;
    const dialogBox = (await dialog.boundingBox())!;
    expect(moreBox.x + moreBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width - 16);
    await page.keyboard.press('Enter');
    await waitHidden(menu);
    await waitVisible(dialog.getByTestId('report-form'));
    await page.context().close();
  });
});

describe('detail view: layout and toasts (issue 14)', () => {
  it('mobile sheet from My Collections: the action bar is opaque and covers neither the Type/Ratio/Strength row nor the prompt', async () => {
    const owner = await registerMember('sheet');
    const [imageId] = await generateImages(owner.session, { model: 'Manga', ratio: 'Portrait' });
    const page = await signedInPage(owner, '/collections', true);
    await waitForCardCount(page, 1);
    const dialog = await openDetail(page, card(page, imageId!));
    await waitVisible(button(dialog, 'Delete Image'));
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'detail-collection-390');

    // The bar: the innermost box holding Download Image and Delete Image.
    const bar = dialog
      .locator(
        'xpath=.//*[.//button[normalize-space()="Download Image"] and .//button[normalize-space()="Delete Image"]]',
      )
      .last();
    const alpha = await bar.evaluate((element) => {
      const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(element).backgroundColor);
      const parts = match ? match[1]!.split(',') : [];
      return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
    });
    expect(alpha).toBe(1);

    // Scrolled into view, each of these is what a tap at its centre reaches: nothing lies on top.
    for (const testId of ['detail-type', 'detail-ratio', 'detail-strength', 'detail-prompt', 'detail-state']) {
      const target = dialog.getByTestId(testId);
      await target.scrollIntoViewIfNeeded();
      const clear = await target.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const points = [
          [rect.left + rect.width / 2, rect.top + 2],
          [rect.left + rect.width / 2, rect.bottom - 2],
        ];
        return points.every(([x, y]) => {
          const top = document.elementFromPoint(x!, y!);
          return top !== null && (element === top || element.contains(top));
        });
      });
      expect(clear, testId).toBe(true);
    }
    // Scrolled to the end, the content ends above the bar.
    await dialog.getByTestId('detail-prompt').evaluate((element) => element.scrollIntoView({ block: 'end' }));
    const prompt = (await dialog.getByTestId('detail-prompt').boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    // (Half a pixel for subpixel layout.)
    expect(prompt.y + prompt.height).toBeLessThanOrEqual(barBox.y + 0.5);
    await saveScreenshot(page, 'detail-collection-390-scrolled');
    await page.context().close();
  });

  it.each([
    ['desktop', false],
    ['mobile', true],
  ])('%s: the publish toast covers none of the detail view controls', async (label, mobile) => {
    const owner = await registerMember('toasty');
    const [imageId] = await generateImages(owner.session, { model: 'Manga', ratio: 'Portrait' });
    const page = await signedInPage(owner, '/collections', mobile);
    await waitForCardCount(page, 1);
    const dialog = await openDetail(page, card(page, imageId!));
    // The member has scrolled to the details (on a phone they then sit at the top of the screen).
    await dialog.getByTestId('detail-type').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await button(dialog, 'Publish').click();
    const published = toast(page, 'Image has been published successfully');
    await waitVisible(published);
    await page.waitForTimeout(300);
    await saveScreenshot(page, `detail-collection-${mobile ? 390 : 1280}-toast`);
    const toastBox = (await published.boundingBox())!;
    for (const box of await controlBoxes(dialog)) {
      expect(intersects(toastBox, box), `${label}: toast over ${box.name}`).toBe(false);
    }
    // The toast still shows inside the window.
    const viewport = page.viewportSize()!;
    expect(toastBox.y).toBeGreaterThanOrEqual(0);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
    await page.context().close();
  });

  it('desktop screenshot of the collection detail view', async () => {
    const owner = await registerMember('shot');
    const [imageId] = await generateImages(owner.session, { model: 'Manga', ratio: 'Portrait' });
    const page = await signedInPage(owner, '/collections');
    await waitForCardCount(page, 1);
    const dialog = await openDetail(page, card(page, imageId!));
    await waitVisible(button(dialog, 'Delete Image'));
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'detail-collection-1280');
    // Every control of the panel shows inside the dialog without scrolling the page.
    const dialogBox = (await dialog.boundingBox())!;
    for (const name of ['Download Image', 'Publish', 'Claim', 'Delete Image']) {
      const box = (await button(dialog, name).boundingBox())!;
      expect(box.y + box.height, name).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
    }
    await page.context().close();
  });
});
