// (page.evaluate callbacks and init scripts run in the browser.)
// Gallery screens (spec sections 2, 4, 5, 6 and 8): Explore's grid and infinite scroll, Filter and Sort
// on desktop (chips, dropdown) and mobile ('filter • sort' panel), the guest limit of three pages, the
// reset on opening a gallery, the 'Login Required' screens, the login modal on card clicks and 401s,
// and a card whose picture fails.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from '../support/a11y.ts';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import {
  card,
  cardTypes,
  cards,
  queryOf,
  scrollToEnd,
  scrollUntilCards,
  settledCardCount,
  waitForCardCount,
  watchListCalls,
} from '../support/gallery.ts';
import { listExplore, toggleLike } from '../support/images.ts';
import { waitForTitle, waitHidden, waitVisible, watchErrors } from '../support/page-helpers.ts';

let browser: Browser;
let member: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember('gallery');
});

afterAll(async () => {
  await browser?.close();
});

const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome Back' });

async function openExplore(options: { mobile?: boolean; signedIn?: boolean; path?: string } = {}) {
  const page = await newPage(browser, {
    consent: true,
    mobile: options.mobile ?? false,
    ...(options.signedIn ? { localStorage: signedInStorage(member.session) } : {}),
  });
  const calls = watchListCalls(page);
  const errors = watchErrors(page);
  await page.goto(urlFor(baseUrl(), options.path ?? '/'));
  await waitForTitle(page, 'Explore');
  return { page, calls, errors };
}

const atLeastCards = (page: Page, count: number) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-testid="gallery-card"]').length >= n, count);

/** Like counts of the cards in slot order (formatLikeCount: '1.2K' -> 1200). */
async function likeCountsBySlot(page: Page): Promise<number[]> {
  const pairs = await page
    .getByTestId('gallery-card')
    .evaluateAll((els) =>
      els.map((el) => [
        Number(el.getAttribute('data-slot')),
        el.querySelector('[data-testid="card-like-count"]')?.textContent ?? '',
      ]),
    );
  const parse = (text: string) =>
    text.endsWith('M')
      ? Number(text.slice(0, -1)) * 1e6
      : text.endsWith('K')
        ? Number(text.slice(0, -1)) * 1e3
        : Number(text);
  return pairs.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, text]) => parse(String(text)));
}

describe('Explore', () => {
  it.each(['/', '/home', '/gallery'])(
    '%s shows the Explore grid: 30 cards with type, like count, no auth header',
    async (path) => {
      const { page, calls, errors } = await openExplore({ path });
      await waitForCardCount(page, 30);
      expect(queryOf(calls[0])).toEqual({ page: '1', limit: '30', sort_by: 'Latest' });
      const first = cards(page).first();
      expect(await first.getByTestId('card-type').textContent()).toMatch(/^(Realistic|Manga|Animation|Hyper Anime)$/);
      expect(await first.getByTestId('card-like-count').textContent()).toMatch(/^\d+(\.\d[KM])?$/);
      // Public cards are plain <img> of the thumbnail path.
      expect(await first.locator('img').getAttribute('src')).toMatch(/^\/api\/v2\/image\/thumb\/[A-Za-z0-9]{35}$/);
      // Own-collection badges only in My Collections.
      expect(await page.getByTestId('badge-published').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it("a member's Explore list goes without the token; one liked call for the page fills the right hearts", async () => {
    const fan = await registerMember('hearts');
    const firstPage = (await listExplore(null)).list.map((image) => image.image_id);
    const likedIds = [firstPage[0]!, firstPage[4]!];
    for (const id of likedIds) await toggleLike(fan.session, id);
    const page = await newPage(browser, { consent: true, localStorage: signedInStorage(fan.session) });
    const listAuth: Array<Promise<string | null>> = [];
    const likedCalls: Array<{ url: URL; auth: Promise<string | null> }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const auth = request.allHeaders().then((headers) => headers.authorization ?? null);
      if (url.pathname === '/api/v1/images') listAuth.push(auth);
      if (url.pathname === '/api/v2/image/liked') likedCalls.push({ url, auth });
    });
    await page.goto(urlFor(baseUrl(), '/'));
    await waitForTitle(page, 'Explore');
    await waitForCardCount(page, 30);
    const pressedIds = () =>
      cards(page).evaluateAll((els) =>
        els
          .filter((el) => el.querySelector('[data-testid="card-like"]')?.getAttribute('aria-pressed') === 'true')
          .map((el) => el.getAttribute('data-image-id')),
      );
    await page.waitForFunction(
      (ids) =>
        ids.every(
          (id) =>
            document
              .querySelector(`[data-image-id="${id}"] [data-testid="card-like"]`)
              ?.getAttribute('aria-pressed') === 'true',
        ),
      likedIds,
    );
    expect(new Set(await pressedIds())).toEqual(new Set(likedIds));
    // The list went without Authorization (cacheable, as for a guest); the liked call carried it.
    expect(await Promise.all(listAuth)).toEqual([null]);
    expect(likedCalls).toHaveLength(1);
    expect(await likedCalls[0]!.auth).toBe(`Bearer ${fan.session.token}`);
    expect(likedCalls[0]!.url.searchParams.get('ids')?.split(',').sort()).toEqual([...firstPage].sort());

    // Unliking and liking on the card still show at once.
    const heart = card(page, likedIds[0]!).getByTestId('card-like');
    await heart.click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'false', await heart.elementHandle());
    await heart.click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await heart.elementHandle());
    expect(new Set(await pressedIds())).toEqual(new Set(likedIds));
    await page.context().close();
  });

  it('shows a spinner while a page is fetched', async () => {
    const page = await newPage(browser, { consent: true });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/images?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(urlFor(baseUrl(), '/'));
    await waitVisible(page.getByTestId('gallery-loading').getByRole('status', { name: 'Loading images' }));
    release();
    await waitForCardCount(page, 30);
    await waitHidden(page.getByTestId('gallery-loading'));
    await page.context().close();
  });

  it('a member scrolls through every page (keyset cursor), then nothing more is asked for', async () => {
    const total = (await listExplore(member.session)).total_count;
    expect(total).toBeGreaterThan(90);
    const { page, calls } = await openExplore({ signedIn: true });
    await waitForCardCount(page, 30);
    await scrollUntilCards(page, 60);
    const second = queryOf(calls[1]);
    expect(second).toMatchObject({ page: '2', limit: '30', sort_by: 'Latest' });
    expect(second.cursor).toBeTruthy();
    await scrollUntilCards(page, total);
    const made = calls.length;
    expect(made).toBe(Math.ceil(total / 30) + (total % 30 === 0 ? 1 : 0));
    await scrollToEnd(page);
    await page.waitForTimeout(500);
    await scrollToEnd(page);
    await page.waitForTimeout(500);
    expect(calls.length).toBe(made);
    // Every card once.
    const ids = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-image-id')));
    expect(new Set(ids).size).toBe(total);
    await page.context().close();
  });

  it('a guest gets pages 1 to 3, then the login modal instead of page 4 (no request is made)', async () => {
    const { page, calls } = await openExplore();
    const answered401: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) answered401.push(response.url());
    });
    await waitForCardCount(page, 30);
    await scrollUntilCards(page, 90);
    expect(calls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    await scrollToEnd(page);
    await waitVisible(loginDialog(page));
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(3);
    expect(answered401).toEqual([]);
    expect(await cards(page).count()).toBe(90);
    await page.context().close();
  });

  it('a guest clicking a card gets the login modal, not the detail view', async () => {
    const { page } = await openExplore();
    await waitForCardCount(page, 30);
    await cards(page)
      .first()
      .getByRole('button', { name: /^Open image/ })
      .click();
    await waitVisible(loginDialog(page));
    expect(await page.getByRole('dialog', { name: 'Image details' }).count()).toBe(0);
    // The like button needs a member too.
    await page.keyboard.press('Escape');
    await waitHidden(loginDialog(page));
    await cards(page).first().getByTestId('card-like').click();
    await waitVisible(loginDialog(page));
    await page.context().close();
  });
});

describe('Filter and Sort (desktop)', () => {
  it('filter chips: a model filters the grid, ALL is never sent, changing it starts from page 1', async () => {
    const { page, calls } = await openExplore({ signedIn: true });
    await waitForCardCount(page, 30);
    const filter = page.getByRole('group', { name: 'Filter' });
    expect(await filter.getByRole('button').allTextContents()).toEqual([
      'ALL',
      'Realistic',
      'Manga',
      'Animation',
      'Hyper Anime',
    ]);
    expect(await filter.getByRole('button', { name: 'ALL' }).getAttribute('aria-pressed')).toBe('true');
    await scrollUntilCards(page, 60);

    const manga = (await listExplore(member.session, { run_type: 'Manga' })).total_count;
    await filter.getByRole('button', { name: 'Manga' }).click();
    await waitForCardCount(page, Math.min(30, manga));
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', limit: '30', sort_by: 'Latest', run_type: 'Manga' });
    expect(new Set(await cardTypes(page))).toEqual(new Set(['Manga']));
    expect(await filter.getByRole('button', { name: 'Manga' }).getAttribute('aria-pressed')).toBe('true');

    await filter.getByRole('button', { name: 'ALL' }).click();
    await waitForCardCount(page, 30);
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', limit: '30', sort_by: 'Latest' });
    await page.context().close();
  });

  it('the sort dropdown lists the five sorts; Popular orders by likes; Randomize sends one seed for every page', async () => {
    const { page, calls } = await openExplore({ signedIn: true });
    await waitForCardCount(page, 30);
    const sortButton = page.getByTestId('sort-button');
    expect(await sortButton.textContent()).toContain('Latest');
    await sortButton.click();
    const menu = page.getByRole('listbox', { name: 'Sort' });
    await waitVisible(menu);
    expect(await menu.getByRole('option').allTextContents()).toEqual([
      'Latest',
      'Oldest',
      'Popular',
      'MostViewed',
      'Randomize',
    ]);
    await menu.getByRole('option', { name: 'Popular' }).click();
    await waitHidden(menu);
    await waitForCardCount(page, 30);
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', limit: '30', sort_by: 'Popular' });
    const likes = await likeCountsBySlot(page);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(await sortButton.textContent()).toContain('Popular');

    await sortButton.click();
    await page.getByRole('option', { name: 'Randomize' }).click();
    await waitForCardCount(page, 30);
    const first = queryOf(calls.at(-1));
    expect(first).toMatchObject({ page: '1', sort_by: 'Randomize' });
    expect(first.seed).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    await scrollUntilCards(page, 60);
    expect(queryOf(calls.at(-1))).toMatchObject({ page: '2', sort_by: 'Randomize', seed: first.seed });
    const ids = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-image-id')));
    expect(new Set(ids).size).toBe(60);

    // Outside click and Escape close the dropdown.
    await sortButton.click();
    await waitVisible(menu);
    await page.keyboard.press('Escape');
    await waitHidden(menu);
    await page.context().close();
  });

  it('opening a gallery resets it: filter ALL and sort Latest again', async () => {
    const { page, calls } = await openExplore({ signedIn: true });
    await waitForCardCount(page, 30);
    await page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: 'Animation' }).click();
    await page.getByTestId('sort-button').click();
    await page.getByRole('option', { name: 'Oldest' }).click();
    await settledCardCount(page);
    await page.getByTestId('side-panel').getByRole('link', { name: 'My Collections' }).click();
    await waitForTitle(page, 'My Collections');
    await page.getByTestId('side-panel').getByRole('link', { name: 'Explore' }).click();
    await waitForTitle(page, 'Explore');
    await waitForCardCount(page, 30);
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', limit: '30', sort_by: 'Latest' });
    expect(
      await page
        .getByRole('group', { name: 'Filter' })
        .getByRole('button', { name: 'ALL' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByTestId('sort-button').textContent()).toContain('Latest');
    await page.context().close();
  });
});

describe('Filter and Sort (mobile)', () => {
  it("one 'filter • sort' button opens a panel with Filter and Sort; choosing either closes it", async () => {
    const { page, calls } = await openExplore({ mobile: true });
    await waitForCardCount(page, 30);
    expect(await page.getByRole('group', { name: 'Filter' }).count()).toBe(0);
    expect(await page.getByTestId('sort-button').count()).toBe(0);
    const button = page.getByRole('button', { name: 'filter • sort', exact: true });
    expect((await button.textContent())?.trim()).toBe('filter • sort');
    // One column under 600px of grid.
    expect(await page.getByTestId('masonry-grid').getAttribute('data-columns')).toBe('1');

    await button.click();
    const panel = page.getByTestId('filter-panel');
    await waitVisible(panel);
    expect(await panel.getByRole('heading').allTextContents()).toEqual(['Filter', 'Sort']);
    await panel.getByRole('button', { name: 'Realistic' }).click();
    await waitHidden(panel);
    await settledCardCount(page);
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', limit: '30', sort_by: 'Latest', run_type: 'Realistic' });
    expect(new Set(await cardTypes(page))).toEqual(new Set(['Realistic']));

    await button.click();
    await waitVisible(panel);
    await panel.getByRole('button', { name: 'MostViewed' }).click();
    await waitHidden(panel);
    await settledCardCount(page);
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', limit: '30', sort_by: 'MostViewed', run_type: 'Realistic' });
    expect(await page.getByTestId('gallery-selection').textContent()).toBe('RealisticMostViewed');

    // A tap outside closes it too.
    await button.click();
    await waitVisible(panel);
    await page.getByRole('heading', { name: 'Explore' }).click();
    await waitHidden(panel);

    // By keyboard: Escape, or a choice made with Enter, closes it and gives the focus back to the button.
    const buttonFocused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'filter-sort-button');
    await button.focus();
    await page.keyboard.press('Enter');
    await waitVisible(panel);
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await waitHidden(panel);
    expect(await buttonFocused()).toBe(true);
    await page.keyboard.press('Enter');
    await waitVisible(panel);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ALL');
    await page.keyboard.press('Enter');
    await waitHidden(panel);
    expect(await buttonFocused()).toBe(true);
    await settledCardCount(page);
    expect(queryOf(calls.at(-1))).toEqual({ page: '1', limit: '30', sort_by: 'MostViewed' });
    await page.context().close();
  });
});

describe('My Collections and Liked Contents', () => {
  it.each([
    ['/collections', 'My Collections'],
    ['/likes', 'Liked Contents'],
  ])('%s logged out: Login Required, fetches nothing, Login opens the login modal', async (path, title) => {
    const page = await newPage(browser, { consent: true });
    const calls = watchListCalls(page);
    await page.goto(urlFor(baseUrl(), path));
    await waitForTitle(page, title);
    const prompt = page.getByTestId('login-prompt');
    await waitVisible(prompt.getByRole('heading', { name: 'Login Required' }));
    expect(await prompt.textContent()).toContain('Please log in to view your collections');
    await prompt.getByRole('button', { name: 'Login', exact: true }).click();
    await waitVisible(loginDialog(page));
    await page.waitForTimeout(200);
    expect(calls).toEqual([]);
    await page.context().close();
  });

  it('a 401 from a gallery fetch opens the login modal', async () => {
    const stale = { ...member.session, token: 'not-a-valid-token' };
    const page = await newPage(browser, { consent: true, localStorage: signedInStorage(stale) });
    await page.goto(urlFor(baseUrl(), '/likes'));
    await waitForTitle(page, 'Liked Contents');
    await waitVisible(loginDialog(page));
    await page.context().close();
  });

  it('an empty collection says so', async () => {
    const fresh = await registerMember('empty');
    const page = await newPage(browser, { consent: true, localStorage: signedInStorage(fresh.session) });
    const calls = watchListCalls(page);
    await page.goto(urlFor(baseUrl(), '/collections'));
    await waitForTitle(page, 'My Collections');
    await waitVisible(page.getByTestId('gallery-empty'));
    expect(calls[0]?.pathname).toBe('/api/v2/images');
    await page.goto(urlFor(baseUrl(), '/likes'));
    await waitVisible(page.getByTestId('gallery-empty'));
    expect(calls.at(-1)?.pathname).toBe('/api/v2/likeimages');
    await page.context().close();
  });
});

describe('card pictures', () => {
  it('the first two rows show at once, eager and high priority; later rows load lazily and fade in', async () => {
    const { page, errors } = await openExplore();
    await atLeastCards(page, 12);
    const columns = page.getByTestId('masonry-column');
    const columnCount = await columns.count();
    expect(columnCount).toBeGreaterThan(1);
    const pictures = await columns.evaluateAll((cols) =>
      cols.map((col) =>
        Array.from(col.children).map((cell) => {
          const img = cell.querySelector('img');
          return {
            loading: img?.getAttribute('loading') ?? null,
            priority: img?.getAttribute('fetchpriority') ?? null,
            // The cell's own slide-in and the picture's fade-in, at the moment it is first seen.
            cellAnimation: getComputedStyle(cell).animationName,
            opacity: img ? getComputedStyle(img).opacity : null,
          };
        }),
      ),
    );
    for (const column of pictures) {
      for (const [row, picture] of column.entries()) {
        if (picture.loading === null) continue; // an ad slot
        if (row < 2) {
          expect(picture).toMatchObject({ loading: 'eager', priority: 'high', cellAnimation: 'none', opacity: '1' });
        } else {
          expect(picture).toMatchObject({ loading: 'lazy', priority: 'auto' });
          expect(picture.cellAnimation).not.toBe('none');
        }
      }
    }
    expect(pictures.some((column) => column.length > 2)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Explore waits for its route module only briefly: a slow one still shows the layout, then the grid', async () => {
    const page = await newPage(browser, { consent: true });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/explore-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(urlFor(baseUrl(), '/'));
    // The layout renders without the route module...
    await waitVisible(page.getByTestId('top-bar'));
    expect(await cards(page).count()).toBe(0);
    // ...and the grid once it arrives.
    release();
    await waitForTitle(page, 'Explore');
    await atLeastCards(page, 1);
    await page.context().close();
  });

  it("a card whose picture fails shows 'Failed to load image'", async () => {
    const page = await newPage(browser, { consent: true });
    const first = (await listExplore(null)).list[0]!;
    await page.route(`**/api/v2/image/thumb/${first.image_id}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"boom"}' }),
    );
    await page.goto(urlFor(baseUrl(), '/'));
    await waitForTitle(page, 'Explore');
    const broken = page.locator(`[data-image-id="${first.image_id}"]`);
    await waitVisible(broken.getByText('Failed to load image', { exact: true }));
    // The others load.
    const second = cards(page).nth(1);
    await page.waitForFunction(
      (el) => ((el?.querySelector('img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
      await second.elementHandle(),
    );
    expect(await cards(page).getByText('Failed to load image').count()).toBe(1);
    // The notice shows inside the card's open button, so its name says it too (label in name).
    await expect
      .poll(() => broken.getByRole('button', { name: /^Open image/ }).getAttribute('aria-label'))
      .toBe(`Open image: ${first.prompt} — Failed to load image`);
    const findings = await seriousViolations(page, 'a card whose picture failed');
    expect(findings, formatFindings(findings)).toEqual([]);
    await page.context().close();
  });
});
