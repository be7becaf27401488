// (page.evaluate callbacks run in the browser.)
// Accessibility checks for the browser tests: axe-core on the current state of a page, and the
// keyboard walks that prove a dialog keeps focus inside itself.
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA (issue 14, item 12). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One axe finding, as the failure message prints it. */
export interface A11yFinding {
  state: string;
  rule: string;
  impact: string;
  target: string;
  help: string;
}

/**
 * The serious and critical axe violations of the page as it is now, once its finite CSS animations and
 * transitions have ended: a modal fades in, and axe run mid-fade reports its muted texts as too faint
 * (seen in a loaded CI run; at opacity 0.55 the login modal shows exactly those findings). CI later
 * reported the same two texts of the guest's login modal on /account once more with that wait in place
 * (settled, they are 6.96:1 and 5.72:1): the modal arrives as a lazy chunk, late on a loaded machine,
 * and may appear while axe is injected. So when an animation or transition started after the page was
 * found still, or one is running when axe is done, the page is analysed again once it is still.
 * `state` names it in the report.
 */
export async function seriousViolations(page: Page, state: string): Promise<A11yFinding[]> {
  // Records when the last CSS animation or transition started (both events bubble to the document).
  await page.evaluate(() => {
    const w = window as unknown as { __a11yLastMotion?: number };
    if (w.__a11yLastMotion !== undefined) return;
    w.__a11yLastMotion = -1;
    const record = (): void => {
      w.__a11yLastMotion = performance.now();
    };
    document.addEventListener('animationstart', record, true);
    document.addEventListener('transitionstart', record, true);
  });
  for (let attempt = 1; ; attempt++) {
    const stillAt = await waitForStillness(page);
    // axe.run in the page itself (legacy mode), not axe.runPartial in each frame and axe.finishRun in
    // a blank page opened for it: that took twice as long on every route (~0.9 s against ~0.4), and
    // what it added were the frames of other origins, here only the ad network's (its stand-in's)
    // page, which is not ours to fix. The iframe element itself (its title) is still checked. Only
    // violations are reported with every node (`resultTypes`; passes and incomplete results keep one
    // node each): ~0.27 s a route against ~0.39. `options()` replaces the options, so it comes first.
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_TAGS)
      .setLegacyMode(true)
      .analyze();
    // Started since the page was still, or still running now (a start the events could not see).
    const movedDuring = await page.evaluate(
      (since) =>
        ((window as unknown as { __a11yLastMotion?: number }).__a11yLastMotion ?? -1) >= since ||
        document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
          ),
      stillAt,
    );
    // A page that keeps starting animations would loop; after three tries its findings stand.
    if (!movedDuring || attempt === 3) return findingsOf(results.violations, state);
  }
}

/**
 * Two frames (what was just mounted has started its animations), then until the finite ones end;
 * returns the page's clock at that moment.
 */
async function waitForStillness(page: Page): Promise<number> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  const stillAt = await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
        ) && performance.now(),
    undefined,
    { timeout: 10_000 },
  );
  return (await stillAt.jsonValue()) as number;
}

type AxeViolations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function findingsOf(violations: AxeViolations, state: string): A11yFinding[] {
  const findings: A11yFinding[] = [];
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      findings.push({
        state,
        rule: violation.id,
        impact: violation.impact,
        target: node.target.join(' '),
        help: `${violation.help} (${violation.helpUrl})`,
      });
    }
  }
  return findings;
}

/** A readable list of findings for a failure message (empty when there are none). */
export function formatFindings(findings: A11yFinding[]): string {
  return findings.map((f) => `[${f.state}] ${f.rule} (${f.impact}) at ${f.target}: ${f.help}`).join('\n');
}

/** Whether the focused element lies inside `container`. */
export function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** A short description of the focused element, for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return '(nothing)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${name}`;
  });
}

/**
 * Presses Tab (or Shift+Tab) `presses` times and returns where focus went each time that was
 * outside `dialog` (empty when focus stayed inside throughout).
 */
export async function focusEscapes(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab', presses: number) {
  const escapes: string[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    if (!(await focusInside(dialog))) escapes.push(`${key} #${i + 1} -> ${await describeFocus(page)}`);
  }
  return escapes;
}

/** How many elements inside `container` the Tab key can reach (visible and not disabled). */
export function tabbableCount(container: Locator): Promise<number> {
  return container.evaluate((root) => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter(
      (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
    ).length;
  });
}

/** Marks the focused element, so a test can later ask whether focus came back to it. */
export function markFocused(page: Page): Promise<void> {
  return page.evaluate(() => {
    document.querySelector('[data-a11y-opener]')?.removeAttribute('data-a11y-opener');
    document.activeElement?.setAttribute('data-a11y-opener', '');
  });
}

/** Whether focus is on the element markFocused() marked. */
export function focusIsOnMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.hasAttribute('data-a11y-opener') ?? false);
}
