// (page.evaluate callbacks and init scripts run in the browser.)
// The toasts as a screen reader and the member meet them: errors where the spec has an alert are
// role="alert" and stay until dismissed; successes are role="status".
import { TIMINGS } from '@velvet/contracts/catalog';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitHidden, waitVisible } from './page-helpers.ts';

/** The toast is an alert that outlives the usual timeout and goes when its dismiss button is pressed. */
export async function expectAlertUntilDismissed(page: Page, toast: Locator): Promise<void> {
  await waitVisible(toast);
  expect(await toast.getAttribute('role')).toBe('alert');
  // Away from the toast: hovering would pause any countdown.
  await page.mouse.move(1, 1);
  await page.waitForTimeout(TIMINGS.toastDefaultMs + 1000);
  expect(await toast.isVisible()).toBe(true);
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await waitHidden(toast);
}

/** The toast is a polite status message. */
export async function expectStatus(toast: Locator): Promise<void> {
  await waitVisible(toast);
  expect(await toast.getAttribute('role')).toBe('status');
}
