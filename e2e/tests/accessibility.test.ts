// (page.evaluate callbacks and init scripts run in the browser.)
// The accessibility pass (issue 14, item 12): axe-core (WCAG 2.0/2.1 A and AA) finds no serious or
// critical violation on any route of the route table, as a guest and as a member, at 1280 and 390 px,
// nor in any modal; every modal keeps Tab and Shift+Tab inside itself, closes on Escape when it may be
// dismissed and gives focus back to the control that opened it; the side panel, top bar, bottom bar and
// gallery cards are reachable with Tab and work with Enter and Space.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../apps/web/src/config/paths.ts';
import {
  describeFocus,
  focusEscapes,
  focusInside,
  focusIsOnMarked,
  formatFindings,
  markFocused,
  seriousViolations,
  tabbableCount,
  type A11yFinding,
} from '../support/a11y.ts';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { cards, detailDialog } from '../support/gallery.ts';
import { requestTracker, waitForPath, waitHidden, waitVisible } from '../support/page-helpers.ts';

let browser: Browser;
let member: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await registerMember('a11y');
});

afterAll(async () => {
  await browser?.close();
});

/** Every path of the route table (config/paths.ts), with its parameters filled in. */
const ROUTES = [...new Set(Object.values(paths).map((path) => path.replace(':provider', 'google')))];

type Who = 'guest' | 'member';
const VIEWPORTS = [
  ['1280', false],
  ['390', true],
] as const;

async function openPage(
  who: Who,
  mobile: boolean,
  options: { consent?: boolean; theme?: 'dark' | 'light' } = {},
): Promise<Page> {
  const page = await newPage(browser, {
    consent: options.consent ?? true,
    mobile,
    localStorage: {
      ...(who === 'member' ? signedInStorage(member.session) : {}),
      ...(options.theme ? { theme: options.theme } : {}),
    },
  });
  trackers.set(page, requestTracker(page));
  return page;
}

const trackers = new WeakMap<Page, ReturnType<typeof requestTracker>>();

/** Loads a path and waits until the screen has settled (its data and lazy module arrived). */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(urlFor(baseUrl(), path));
  await page
    .locator('main')
    .first()
    // Generous: the browser tests share a busy machine.
    .waitFor({ state: 'visible', timeout: 30_000 })
    .catch(async (error: Error) => {
      const body = await page.evaluate(() => document.body.innerText.slice(0, 300)).catch(() => '?');
      throw new Error(`${path} (HTTP ${response?.status()}) showed no <main> (page: ${body}): ${error.message}`);
    });
  // The screen's data and lazy modules; best effort, as a screen may poll (the checks below still
  // wait for what they read).
  await trackers
    .get(page)
    ?.settled(150, 5_000)
    .catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[data-testid="gallery-loading"]'), undefined, {
    timeout: 10_000,
  });
}

function expectNoFindings(findings: A11yFinding[]): void {
  expect(findings, `serious or critical axe violations:\n${formatFindings(findings)}`).toEqual([]);
}

describe.each(VIEWPORTS)('axe on every route at %s px', (width, mobile) => {
  // Both themes at 1280 px: contrast is a matter of each theme's colour variables, which the width
  // does not change; the phone layout in the default (dark) theme.
  it.each(
    (
      [
        ['guest', 'dark'],
        ['member', 'dark'],
        ['guest', 'light'],
        ['member', 'light'],
      ] as const
    ).filter(([, theme]) => width === '1280' || theme === 'dark'),
  )(
    'as a %s, %s theme: no serious or critical violation',
    async (who, theme) => {
      const page = await openPage(who, mobile, { theme });
      const findings: A11yFinding[] = [];
      for (const path of ROUTES) {
        await visit(page, path);
        findings.push(...(await seriousViolations(page, `${who} ${theme} ${path}`)));
      }
      await page.context().close();
      expectNoFindings(findings);
    },
    180_000,
  );
});

// The sweeps above pass only if the check sees what the page shows: a picture without a text
// alternative and a button without a name, added to a real screen, are reported.
it('the check reports violations planted in a screen', async () => {
  const page = await openPage('guest', false);
  await visit(page, paths.home);
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.innerHTML = '<img src="/favicon.ico" id="planted-img"><button id="planted-button"></button>';
    document.querySelector('main')!.append(planted);
  });
  const findings = await seriousViolations(page, 'planted');
  await page.context().close();
  expect(findings.map((finding) => `${finding.rule} ${finding.target}`)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^image-alt .*#planted-img$/),
      expect.stringMatching(/^button-name .*#planted-button$/),
    ]),
  );
});

/**
 * Opens a modal with the keyboard (focus on its opener, then Enter), checks it with axe and the Tab
 * keys, and, when it may be dismissed, that Escape closes it and focus returns to the opener.
 */
async function checkModal(
  page: Page,
  state: string,
  opener: Locator,
  dialogOf: (page: Page) => Locator,
  options: { returnsFocus?: boolean } = {},
): Promise<void> {
  await opener.focus();
  await markFocused(page);
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await waitVisible(dialog);
  await checkOpenModal(page, state, dialog, true);
  if (options.returnsFocus ?? true) {
    expect(await focusIsOnMarked(page), `${state}: focus after close is ${await describeFocus(page)}`).toBe(true);
  }
}

/** Axe, Tab and Shift+Tab trapped, and Escape (dismissible) or not (the gate) on an open modal. */
async function checkOpenModal(page: Page, state: string, dialog: Locator, dismissible: boolean): Promise<void> {
  expect(await focusInside(dialog), `${state}: focus on open is ${await describeFocus(page)}`).toBe(true);
  expectNoFindings(await seriousViolations(page, state));
  // Twice round the dialog each way: every stop must stay inside.
  const presses = 2 * (await tabbableCount(dialog)) + 2;
  expect(await focusEscapes(page, dialog, 'Tab', presses), `${state}: Tab left the dialog`).toEqual([]);
  expect(await focusEscapes(page, dialog, 'Shift+Tab', presses), `${state}: Shift+Tab left the dialog`).toEqual([]);
  await page.keyboard.press('Escape');
  if (dismissible) {
    await waitHidden(dialog);
  } else {
    await page.waitForTimeout(200);
    expect(await dialog.isVisible()).toBe(true);
  }
}

describe.each(VIEWPORTS)('modals at %s px', (_width, mobile) => {
  it('the adult gate before consent', async () => {
    const page = await openPage('guest', mobile, { consent: false });
    await page.goto(urlFor(baseUrl(), paths.home));
    const gate = page.getByRole('dialog', { name: 'Adults only' });
    await waitVisible(gate);
    await checkOpenModal(page, 'adult gate', gate, false);
    await page.context().close();
  });

  it('login and register (guest)', async () => {
    const page = await openPage('guest', mobile);
    await visit(page, paths.home);
    const login = page.getByTestId(mobile ? 'bottom-bar' : 'side-panel').getByRole('button', { name: 'Login' });
    await checkModal(page, 'login', login, (p) => p.getByRole('dialog', { name: 'Welcome Back' }));

    await login.focus();
    await markFocused(page);
    await page.keyboard.press('Enter');
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    const register = page.getByRole('dialog', { name: 'Create Account' });
    await waitVisible(register);
    await checkOpenModal(page, 'register', register, true);
    expect(await focusIsOnMarked(page), `register: focus after close is ${await describeFocus(page)}`).toBe(true);
    await page.context().close();
  });

  it('image detail from Explore (member); a guest gets the login modal from a card', async () => {
    const page = await openPage('member', mobile);
    await visit(page, paths.gallery);
    const open = cards(page)
      .first()
      .getByRole('button', { name: /^Open image/ });
    await checkModal(page, 'image detail', open, detailDialog);
    await page.context().close();

    const guest = await openPage('guest', mobile);
    await visit(guest, paths.gallery);
    const card = cards(guest)
      .first()
      .getByRole('button', { name: /^Open image/ });
    await checkModal(guest, 'login from a card', card, (p) => p.getByRole('dialog', { name: 'Welcome Back' }));
    await guest.context().close();
  });

  it('the report form inside the detail view (member)', async () => {
    const page = await openPage('member', mobile);
    await visit(page, paths.gallery);
    await cards(page)
      .first()
      .getByRole('button', { name: /^Open image/ })
      .click();
    const dialog = detailDialog(page);
    await waitVisible(dialog);
    // Report sits in the actions or, per item 8, in an overflow ('...') menu.
    const report = dialog.getByRole('button', { name: 'Report', exact: true });
    if (!(await report.isVisible())) {
      await dialog.getByRole('button', { name: /more/i }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
    } else {
      await report.click();
    }
    await waitVisible(dialog.getByTestId('report-form'));
    await checkOpenModal(page, 'report form', dialog, true);
    await page.context().close();
  });

  it('logout (member)', async () => {
    const page = await openPage('member', mobile);
    await visit(page, paths.home);
    const opener = mobile
      ? page.getByTestId('bottom-bar').getByRole('button', { name: 'Logout' })
      : page.getByTestId('nickname-button');
    await checkModal(page, 'logout', opener, (p) => p.getByRole('dialog', { name: 'Log out' }));
    await page.context().close();
  });

  it('payment method chooser and the Bitcoin wallet (member)', async () => {
    const page = await openPage('member', mobile);
    await visit(page, paths.subscription);
    const purchase = page
      .locator('[data-testid="plan-card"][data-plan="Ultimate"]')
      .getByRole('button', { name: 'Purchase' });
    const chooser = (p: Page) => p.getByRole('dialog', { name: 'Choose Payment Method' });
    await checkModal(page, 'payment method', purchase, chooser);

    await purchase.click();
    await waitVisible(chooser(page));
    await chooser(page)
      .getByRole('button', { name: /^Bitcoin/ })
      .click();
    const wallet = page.getByRole('dialog', { name: 'Pay with Bitcoin' });
    await waitVisible(wallet);
    await wallet.getByTestId('wallet-amount').waitFor({ state: 'visible', timeout: 10_000 });
    await checkOpenModal(page, 'wallet', wallet, true);
    await page.context().close();
  });

  it('coin pack purchase (member)', async () => {
    const page = await openPage('member', mobile);
    await visit(page, paths.coin);
    const buy = page.getByTestId('coin-pack-card').first().getByRole('button', { name: 'Buy' });
    await checkModal(page, 'coin payment method', buy, (p) => p.getByRole('dialog', { name: 'Choose Payment Method' }));
    await page.context().close();
  });

  it('delete account (member)', async () => {
    const page = await openPage('member', mobile);
    await visit(page, paths.account);
    const opener = page.getByRole('button', { name: 'Delete Account' });
    await checkModal(page, 'delete account', opener, (p) => p.getByTestId('delete-account-dialog'));
    await page.context().close();
  });

  it('style picker (member)', async () => {
    const page = await openPage('member', mobile);
    await visit(page, paths.generate);
    await checkModal(page, 'style picker', page.getByTestId('style-trigger'), (p) =>
      p.getByRole('dialog', { name: /^Select .* Style$/ }),
    );
    await page.context().close();
  });
});

/**
 * Presses Tab from the top of the page until every element of `targets` has had focus (or `limit`
 * presses); returns the ones never reached.
 */
async function unreachedByTab(page: Page, groups: Locator[], limit: number): Promise<string[]> {
  await page.evaluate(() =>
    document.querySelectorAll('[data-a11y-target]').forEach((el) => el.removeAttribute('data-a11y-target')),
  );
  let count = 0;
  for (const group of groups) {
    count = await group.evaluateAll((elements, start) => {
      elements.forEach((el, i) => el.setAttribute('data-a11y-target', String(start + i)));
      return start + elements.length;
    }, count);
  }
  const targets = page.locator('[data-a11y-target]');
  expect(count).toBeGreaterThan(0);
  const seen = new Set<string>();
  // Start from the top of the document: blur() alone leaves Chromium's starting point where focus was.
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.setAttribute('data-a11y-start', '');
    document.body.prepend(start);
    start.focus();
  });
  for (let i = 0; i < limit && seen.size < count; i += 1) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-a11y-target') ?? null);
    if (id !== null) seen.add(id);
  }
  await page.evaluate(() => document.querySelector('[data-a11y-start]')?.remove());
  return targets.evaluateAll(
    (elements, reached) =>
      elements
        .filter((el) => !reached.includes(el.getAttribute('data-a11y-target') ?? ''))
        .map((el) => `<${el.tagName.toLowerCase()}> ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`),
    [...seen],
  );
}

/** The buttons of the first two cards (open and like). */
const firstCards = (page: Page): Locator[] => [0, 1].map((n) => cards(page).nth(n).locator('button:visible'));

const CONTROLS = 'a[href], button:not([disabled]), input:not([disabled]), [role="switch"], [role="radio"]';

describe('keyboard: navigation and gallery cards', () => {
  it.each(['guest', 'member'] as const)('1280 px, %s: side panel and the first cards by Tab', async (who) => {
    const page = await openPage(who, false);
    await visit(page, paths.gallery);
    const targets = [page.locator(`[data-testid="side-panel"] :is(${CONTROLS}):visible`), ...firstCards(page)];
    expect(await unreachedByTab(page, targets, 120)).toEqual([]);
    await page.context().close();
  });

  it.each(['guest', 'member'] as const)('390 px, %s: top bar, bottom bar and the first cards by Tab', async (who) => {
    const page = await openPage(who, true);
    await visit(page, paths.gallery);
    const bars = page.locator(`:is([data-testid="top-bar"], [data-testid="bottom-bar"]) :is(${CONTROLS}):visible`);
    // Both bars come before the feed, which loads more cards as focus moves down it: a keyboard user
    // reaches the navigation first, however long Explore is.
    expect(await unreachedByTab(page, [bars], (await bars.count()) + 2)).toEqual([]);
    expect(await unreachedByTab(page, [bars, ...firstCards(page)], 120)).toEqual([]);
    await page.context().close();
  });

  it('Enter follows a side panel link, Space presses a side panel button, Enter presses a card', async () => {
    const page = await openPage('guest', false);
    await visit(page, paths.gallery);
    const panel = page.getByTestId('side-panel');
    await panel.getByRole('link', { name: 'Support' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, paths.support);

    await panel.getByRole('button', { name: 'Login' }).focus();
    await page.keyboard.press('Space');
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await waitVisible(login);
    await page.keyboard.press('Escape');
    await waitHidden(login);

    await visit(page, paths.gallery);
    await cards(page)
      .first()
      .getByRole('button', { name: /^Open image/ })
      .focus();
    await page.keyboard.press('Enter');
    // A guest's card opens the login modal; a member's the detail view (the modal tests above).
    await waitVisible(login);
    await page.context().close();
  });

  it('390 px: Enter opens the bottom bar menu, Escape closes it', async () => {
    const page = await openPage('guest', true);
    await visit(page, paths.gallery);
    const menuButton = page.getByTestId('bottom-bar').getByRole('button', { name: 'Menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('region', { name: /menu$/ });
    await waitVisible(sheet);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await waitHidden(sheet);
    await page.context().close();
  });
});
