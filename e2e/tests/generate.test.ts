// (page.evaluate callbacks and init scripts run in the browser.)
// The generation screen (spec sections 2, 4, 5 and 8) against the real API with the demo provider:
// controls and their defaults, the style picker, the cost on the Generate button, a generation from
// prompt to finished pictures (balance 500 -> 300), Copy, Regenerate, the detail view, prompt history,
// refusals (safety filter, not enough coins), the login modal for guests, and the mobile panel.
import { PROMPT_REFUSED_DETAIL } from '@velvet/api/services/safety/screen-prompt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from '../support/a11y.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import {
  errorToast,
  generateThroughApi,
  IMAGE_TIMEOUT,
  registerGenerateMember,
  screen,
  textOf,
  waitForCompleteImages,
  waitForText,
  type GenerateMember,
} from '../support/generate.ts';
import { localItem, waitForTitle, waitHidden, waitVisible, watchErrors } from '../support/page-helpers.ts';
import { expectAlertUntilDismissed } from '../support/toasts.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openGenerate(
  member: GenerateMember | null,
  mobile = false,
  beforeLoad: (page: Page) => void = () => undefined,
): Promise<Page> {
  const page = await newPage(browser, { consent: true, mobile, ...(member ? { localStorage: member.storage } : {}) });
  beforeLoad(page);
  await page.goto(urlFor(baseUrl(), '/generate'));
  await waitForTitle(page, 'Generate Images');
  return page;
}

/** The side panel's balance button and the top bar's chip both read `value`. */
async function waitForBalance(page: Page, value: string): Promise<void> {
  for (const testId of ['side-balance', 'balance-chip']) {
    await waitVisible(page.locator(`[data-testid="${testId}"][aria-label="Coin balance ${value}"]`));
  }
}

describe('generation screen, desktop', () => {
  let member: GenerateMember;
  let page: Page;
  let errors: string[];
  const eventStreams: (string | undefined)[] = [];
  // Straight quotes bracket; curly ones become plain quotes that stay, also on Regenerate (spec section 5).
  const PROMPT = 'a woman in a red dress on a balcony at sunset, "golden" light, \u201Cfilm\u201D grain';
  const SENT_PROMPT = 'a woman in a red dress on a balcony at sunset, [golden] light, "film" grain';

  beforeAll(async () => {
    member = await registerGenerateMember('gen');
    page = await openGenerate(member, false, (opened) =>
      opened.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v2/events') eventStreams.push(request.headers().authorization);
      }),
    );
    errors = watchErrors(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  });

  it('lays out the 400px sidebar with the General Template, the header, results and prompt bar', async () => {
    const sidebar = page.getByTestId('generate-sidebar');
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(400);
    const template = sidebar.getByRole('button', { name: 'General Template' });
    expect(await template.getAttribute('aria-expanded')).toBe('true');
    await template.click();
    await waitHidden(page.getByTestId('generation-controls'));
    await template.click();
    await waitVisible(page.getByTestId('generation-controls'));

    const toggle = page.getByTestId('sidebar-toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const sidebarWidth = (width: number) =>
      page.waitForFunction(
        (w) => document.querySelector('[data-testid="generate-sidebar"]')?.getBoundingClientRect().width === w,
        width,
      );
    await sidebarWidth(0);
    await toggle.click();
    await sidebarWidth(400);
    const main = await page.locator('main').boundingBox();
    expect(main && Math.round(main.y + main.height)).toBe(800);
  });

  it('shows the empty state with the selected format, and the demo notice', async () => {
    const s = screen(page);
    const empty = await textOf(s.empty);
    expect(empty).toContain('Generated images will appear here');
    expect(empty).toContain('Selected format: Portrait');
    expect(empty).toContain('832 x 1216');
    expect(await textOf(s.demo)).toBe(
      'Demo mode: pictures are drawn locally by the built-in demo provider, not by an AI model.',
    );
    await page.getByRole('radio', { name: /Landscape/ }).check();
    expect(await textOf(s.empty)).toContain('Selected format: Landscape');
    expect(await textOf(s.empty)).toContain('1216 x 832');
    await page.getByRole('radio', { name: /Portrait/ }).check();
  });

  it('starts from the defaults: Realistic, Free, Portrait, 1 image, 4k OFF, strength 0.5, cost 100', async () => {
    const s = screen(page);
    expect(await page.getByRole('radio', { name: 'Realistic' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Portrait/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '1', exact: true }).isChecked()).toBe(true);
    expect(await textOf(s.styleTrigger)).toContain('Free');
    expect(await s.fourk.getAttribute('aria-checked')).toBe('false');
    expect(await textOf(s.fourk)).toBe('OFF');
    expect(await textOf(s.strengthValue)).toBe('0.5');
    expect(await textOf(s.cost)).toBe('100');
  });

  it('shows the cost: 100 per image, doubled by 4k ON', async () => {
    const s = screen(page);
    await page.getByRole('radio', { name: '3', exact: true }).check();
    expect(await textOf(s.cost)).toBe('300');
    await s.fourk.click();
    expect(await textOf(s.fourk)).toBe('ON');
    expect(await textOf(s.cost)).toBe('600');
    await page.getByRole('radio', { name: '1', exact: true }).check();
    expect(await textOf(s.cost)).toBe('200');
    await s.fourk.click();
    expect(await textOf(s.fourk)).toBe('OFF');
    expect(await textOf(s.cost)).toBe('100');
  });

  it('moves the strength in 0.1 steps shown with one decimal', async () => {
    const s = screen(page);
    await s.strength.focus();
    await page.keyboard.press('ArrowRight');
    expect(await textOf(s.strengthValue)).toBe('0.6');
    await page.keyboard.press('End');
    expect(await textOf(s.strengthValue)).toBe('1.0');
    await page.keyboard.press('Home');
    expect(await textOf(s.strengthValue)).toBe('0.0');
    await s.strength.fill('0.5');
    expect(await textOf(s.strengthValue)).toBe('0.5');
  });

  it('opens the style picker for the model, chooses a style and closes in every way', async () => {
    const s = screen(page);
    await s.styleTrigger.click();
    const picker = page.getByRole('dialog', { name: 'Select Realistic Style' });
    await waitVisible(picker);
    const tiles = picker.getByRole('button', { pressed: true });
    expect(await tiles.count()).toBe(1);
    expect(await textOf(tiles)).toBe('Free');
    expect(await picker.locator('li button').count()).toBe(10);
    await picker.getByRole('button', { name: 'Handjob' }).click();
    await waitHidden(picker);
    expect(await textOf(s.styleTrigger)).toContain('Handjob');

    await s.styleTrigger.click();
    await waitVisible(picker);
    expect(await textOf(picker.getByRole('button', { pressed: true }))).toBe('Handjob');
    await picker.getByRole('button', { name: 'Close' }).click();
    await waitHidden(picker);

    await s.styleTrigger.click();
    await waitVisible(picker);
    await page.mouse.click(8, 8);
    await waitHidden(picker);

    await page.getByRole('radio', { name: 'Manga' }).check();
    await s.styleTrigger.click();
    const manga = page.getByRole('dialog', { name: 'Select Manga Style' });
    await waitVisible(manga);
    expect(await manga.locator('svg[data-model="Manga"]').count()).toBe(10);
    await manga.getByRole('button', { name: 'Free' }).click();
    await waitHidden(manga);
    await page.getByRole('radio', { name: 'Realistic' }).check();
    expect(await textOf(s.styleTrigger)).toContain('Free');
  });

  it('keeps Generate disabled for a blank prompt; Shift+Enter adds a line, Enter does not send a blank one', async () => {
    const s = screen(page);
    expect(await s.generate.isDisabled()).toBe(true);
    await s.prompt.fill('   \n  ');
    expect(await s.generate.isDisabled()).toBe(true);
    await s.prompt.press('Enter');
    await s.prompt.fill('line one');
    await s.prompt.press('Shift+Enter');
    await s.prompt.pressSequentially('line two');
    expect(await s.prompt.inputValue()).toBe('line one\nline two');
    expect(await s.groups.count()).toBe(0);
    await s.prompt.fill('');
  });

  it('generates two images: a new group of processing images, the balance goes 500 -> 300, both complete', async () => {
    const s = screen(page);
    await waitForBalance(page, '500');
    await page.getByRole('radio', { name: '2', exact: true }).check();
    expect(await textOf(s.cost)).toBe('200');
    await s.prompt.fill(PROMPT);
    expect(await s.generate.isEnabled()).toBe(true);
    await s.prompt.press('Enter');

    const group = s.groups.first();
    await waitVisible(group);
    expect(await textOf(group.getByTestId('group-prompt'))).toBe(SENT_PROMPT);
    expect(await group.getByTestId('image-tile').count()).toBe(2);
    await waitForBalance(page, '300');
    expect(await s.prompt.inputValue()).toBe('');
    await waitForCompleteImages(group, 2);
    expect(await s.empty.count()).toBe(0);
    expect(JSON.parse((await localItem(page, 'promptHistory')) ?? '[]')).toEqual([PROMPT]);
    // The app's member event stream was opened with the bearer token (it cannot be an EventSource).
    expect(eventStreams).toContain(`Bearer ${member.session.token}`);
  });

  it('Copy copies the prompt and says Copied! for a moment', async () => {
    const copy = screen(page).groups.first().getByTestId('copy-prompt');
    await copy.click();
    await waitForText(copy, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SENT_PROMPT);
    await waitForText(copy, 'Copy', 4000);
  });

  it('opens the detail view of a finished picture', async () => {
    const group = screen(page).groups.first();
    await group.locator('[data-testid="image-tile"][data-status="complete"]').first().click();
    const detail = page.getByTestId('image-detail');
    await waitVisible(detail);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="detail-image"]');
      return Boolean(img && img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:'));
    });
    const text = await textOf(detail);
    for (const part of ['Realistic', 'Portrait', '0.5', SENT_PROMPT]) expect(text).toContain(part);
    // The generation screen's variant has every action; publishing marks the tile too.
    for (const name of ['Download Image', 'Claim', 'Delete Image']) {
      expect(await detail.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    expect(await detail.getByRole('button', { name: 'Report', exact: true }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Publish', exact: true }).click();
    await waitVisible(page.getByTestId('toast').filter({ hasText: 'Image has been published successfully' }));
    await waitVisible(detail.getByRole('button', { name: 'Unpublish', exact: true }));
    await waitVisible(group.locator('[data-badge="published"]').first());
    await detail.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await waitVisible(detail.getByRole('button', { name: 'Publish', exact: true }));
    await waitHidden(group.locator('[data-badge="published"]').first());
    await detail.getByRole('button', { name: 'Close' }).click();
    await waitHidden(detail);
  });

  it('Regenerate sends the same prompt and settings again as a new group at the front', async () => {
    const s = screen(page);
    const firstRun = await s.groups.first().getAttribute('data-run-id');
    await s.groups.first().getByTestId('regenerate').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="generation-group"]').length === 2);
    const newest = s.groups.first();
    expect(await newest.getAttribute('data-run-id')).not.toBe(firstRun);
    expect(await s.groups.nth(1).getAttribute('data-run-id')).toBe(firstRun);
    expect(await textOf(newest.getByTestId('group-prompt'))).toBe(SENT_PROMPT);
    expect(await newest.getByTestId('image-tile').count()).toBe(2);
    await waitForBalance(page, '100');
    await waitForCompleteImages(newest, 2);
  });

  it('refuses a prompt the safety filter stops: its detail shows and the balance stays', async () => {
    const s = screen(page);
    await page.getByRole('radio', { name: '1', exact: true }).check();
    await s.prompt.fill('a 17yo girl');
    await s.generate.click();
    await waitVisible(errorToast(page, PROMPT_REFUSED_DETAIL));
    expect(await s.groups.count()).toBe(2);
    await waitForBalance(page, '100');
    // The prompt stays for the member to fix, and the guard is released.
    expect(await s.prompt.inputValue()).toBe('a 17yo girl');
    expect(await s.generate.isEnabled()).toBe(true);
    await s.prompt.fill('');
  });

  it('loads a prompt from history, asking before overwriting one being edited', async () => {
    const s = screen(page);
    await s.prompt.fill('my draft');
    await s.history.click();
    const list = page.getByRole('region', { name: 'Prompt history' });
    await waitVisible(list);
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await list.getByRole('button', { name: PROMPT }).click();
    expect(questions).toEqual(['There is a prompt currently being edited. Would you like to overwrite it?']);
    expect(await s.prompt.inputValue()).toBe('my draft');

    await s.history.click();
    page.once('dialog', (dialog) => void dialog.accept());
    await list.getByRole('button', { name: PROMPT }).click();
    expect(await s.prompt.inputValue()).toBe(PROMPT);
    await s.prompt.fill('');
  });

  it('has logged no errors', () => {
    // The one expected console error: nothing. Aborted streams are not errors.
    expect(errors.filter((e) => !e.includes('net::ERR_ABORTED'))).toEqual([]);
  });
});

describe('generation screen, refusals and guests', () => {
  it('a member with too few coins reads why and keeps the balance', async () => {
    const member = await registerGenerateMember('poor');
    const spent = await generateThroughApi(member, 4);
    expect(spent).toMatchObject({ status: 'ok', cur_tokens: 100 });
    const page = await openGenerate({
      ...member,
      storage: { ...member.storage, user: JSON.stringify({ ...JSON.parse(member.storage.user!), cur_tokens: 100 }) },
    });
    const s = screen(page);
    await waitForBalance(page, '100');
    await page.getByRole('radio', { name: '2', exact: true }).check();
    await s.prompt.fill('a quiet harbour at dawn');
    await s.generate.click();
    const toast = errorToast(page, 'Not enough coins');
    await waitVisible(toast);
    expect(await textOf(toast)).toContain('this generation costs 200 coins and your balance is 100');
    expect(await s.groups.count()).toBe(0);
    await waitForBalance(page, '100');
    await page.context().close();
  });

  it("a failed generation says 'Failed to generate images. Please try again.' in an alert that stays", async () => {
    const member = await registerGenerateMember('failgen');
    const page = await openGenerate(member, false, (p) => {
      void p.route('**/api/v2/images/make', (route) => route.abort('failed'));
    });
    const s = screen(page);
    await s.prompt.fill('a quiet harbour at dawn');
    await s.generate.click();
    const failed = errorToast(page, 'Failed to generate images. Please try again.');
    await expectAlertUntilDismissed(page, failed);
    // The guard reset: Generate can be pressed again.
    expect(await s.generate.isEnabled()).toBe(true);
    await page.context().close();
  });

  it("a finished image whose picture fails says 'Failed to load image', in its tile's name too", async () => {
    const member = await registerGenerateMember('thumbfail');
    const page = await openGenerate(member, false, (p) => {
      void p.route('**/api/v2/image/thumb/*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"boom"}' }),
      );
    });
    const s = screen(page);
    await s.prompt.fill('a quiet harbour at dawn');
    await s.generate.click();
    const tile = s.groups.first().locator('[data-testid="image-tile"][data-status="complete"]');
    await tile.getByText('Failed to load image', { exact: true }).waitFor({ state: 'visible', timeout: IMAGE_TIMEOUT });
    // Shown inside the tile's button, so part of its name (label in name).
    expect(await tile.getAttribute('aria-label')).toBe('Open image 1 — Failed to load image');
    const findings = await seriousViolations(page, 'a tile whose picture failed');
    expect(findings, formatFindings(findings)).toEqual([]);
    await page.context().close();
  });

  it('a guest pressing Generate gets the login modal instead', async () => {
    const page = await openGenerate(null);
    const s = screen(page);
    expect(await textOf(s.empty)).toContain('Generated images will appear here');
    await s.prompt.fill('a quiet harbour at dawn');
    await s.generate.click();
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));
    expect(await s.groups.count()).toBe(0);
    await page.context().close();
  });

  it('a signed-in member without a nickname gets the login modal too', async () => {
    const member = await registerGenerateMember('nonick');
    const user = { ...JSON.parse(member.storage.user!), nicname: '' };
    const page = await openGenerate({ ...member, storage: { ...member.storage, user: JSON.stringify(user) } });
    const s = screen(page);
    await s.prompt.fill('a quiet harbour at dawn');
    await s.prompt.press('Enter');
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));
    expect(await s.groups.count()).toBe(0);
    await page.context().close();
  });
});

describe('generation screen, mobile', () => {
  it('holds the controls and prompt box in a top panel that collapses after a generation', async () => {
    const member = await registerGenerateMember('mob');
    const page = await openGenerate(member, true);
    const s = screen(page);
    const toggle = page.getByTestId('mobile-panel-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByTestId('generate-sidebar').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await waitVisible(page.getByTestId('generation-controls'));

    await s.prompt.fill('a quiet harbour at dawn');
    expect(await textOf(s.cost)).toBe('100');
    await s.generate.tap();
    await waitVisible(s.groups.first());
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await waitHidden(page.getByTestId('generation-controls'));
    await waitForCompleteImages(s.groups.first(), 1);

    await toggle.tap();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await waitVisible(s.prompt);
    expect(await s.prompt.inputValue()).toBe('');
    await page.context().close();
  });
});
