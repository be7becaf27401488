// The support console's Claims screen (issue 15): a member claims two images; support approves one
// (refunded now) and rejects the other with a reason; the member's balance gains the approved coins
// once and nothing for the rejected one; both decisions are in the Audit log (filtered by action).
//
// The stack refunds claims automatically 12 s after they are made (e2e/global-setup.ts), so support has
// the Claims screen open before the member claims, and decides at once.
import type { TGetMemberResponse } from '@velvet/contracts/members/get-member';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from '../support/a11y.ts';
import { registerMember, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { createSupportAccount, saveDocScreenshot, signInToConsole } from '../support/console.ts';
import { generateImages } from '../support/images.ts';
import { waitVisible } from '../support/page-helpers.ts';

/** CLAIM_REFUND_DELAY_MINUTES in e2e/global-setup.ts. */
const REFUND_DELAY_MS = 12_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const REASON = 'The picture matches the prompt and has no defect.';

async function balanceOf(member: Member): Promise<number> {
  const response = await fetch(new URL('/api/members', baseUrl()), {
    headers: { authorization: `Bearer ${member.session.token}` },
  });
  return ((await response.json()) as TGetMemberResponse).cur_tokens;
}

async function claimImage(member: Member, imageId: string): Promise<void> {
  const response = await fetch(new URL(`/api/v2/image/claim/${imageId}`, baseUrl()), {
    method: 'POST',
    headers: { authorization: `Bearer ${member.session.token}` },
  });
  if (!response.ok) throw new Error(`claim answered ${response.status}: ${await response.text()}`);
}

const claimRow = (page: Page, prompt: string): Locator =>
  page.getByTestId('claims-list').locator('tbody tr').filter({ hasText: prompt });

describe('console claims', () => {
  it('approves one claim (refunded once) and rejects one with a reason (no refund); both are audited', async () => {
    const member = await registerMember('claimer');
    const tag = member.nickname;
    const [approveMe] = await generateImages(member.session, { prompt: `approve me ${tag}` });
    const [rejectMe] = await generateImages(member.session, { prompt: `reject me ${tag}` });
    const before = await balanceOf(member);

    const support = await createSupportAccount('claims');
    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, support, '/admin/claims');
    const screen = page.getByTestId('console-claims');
    await waitVisible(screen);

    await claimImage(member, approveMe!);
    await claimImage(member, rejectMe!);
    const claimedAt = Date.now();
    await screen.getByRole('button', { name: 'Refresh' }).click();
    const approveRow = claimRow(page, `approve me ${tag}`);
    const rejectRow = claimRow(page, `reject me ${tag}`);
    await waitVisible(approveRow);
    await waitVisible(rejectRow);

    // Reject first: the dialog takes longest, and the automatic refund must not beat it.
    await rejectRow.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByTestId('claim-reject-dialog');
    await waitVisible(dialog);
    await dialog.getByRole('textbox').fill(REASON);
    await dialog.getByRole('button', { name: 'Reject claim' }).click();
    await approveRow.getByRole('button', { name: 'Approve' }).click();

    await waitVisible(rejectRow.getByText(REASON, { exact: false }));
    await waitVisible(approveRow.getByText(`by ${support.email}`, { exact: false }));
    expect(await approveRow.textContent()).toContain('refunded');
    expect(await rejectRow.textContent()).toContain('rejected');
    await waitVisible(approveRow.getByTestId('claim-image'));

    const coins = Number(await approveRow.getByTestId('claim-coins').textContent());
    expect(coins).toBeGreaterThan(0);
    // Both rows are the same member's: each shows the balance after both decisions.
    for (const row of [approveRow, rejectRow]) {
      expect(await row.getByTestId('claim-member-balance').textContent()).toBe(`Balance ${before + coins} coins`);
    }
    // Past the automatic refund's time: still exactly one refund, none for the rejected claim.
    await page.waitForTimeout(Math.max(0, claimedAt + REFUND_DELAY_MS + 2_000 - Date.now()));
    expect(await balanceOf(member)).toBe(before + coins);
    await saveDocScreenshot(page, 'claims');
    const findings = await seriousViolations(page, 'claims after two decisions');

    // Both decisions in the Audit log, found by their action.
    await page.goto(urlFor(baseUrl(), '/admin/audit'));
    for (const action of ['claim.approve', 'claim.reject']) {
      const filters = page.getByRole('form', { name: 'Audit log filters' });
      await waitVisible(filters);
      await filters.getByLabel('Who (email)').fill(support.email);
      await filters.getByLabel('Action', { exact: true }).fill(action);
      await filters.getByRole('button', { name: 'Apply' }).click();
      const entry = page.getByTestId('audit-table').locator('tbody tr').filter({ hasText: action });
      await waitVisible(entry.first());
      expect(await entry.count()).toBe(1);
      expect(await entry.textContent()).toContain(support.email);
      if (action === 'claim.reject') expect(await entry.textContent()).toContain(REASON);
    }

    // Last, so that a contrast finding does not hide the behaviour checked above.
    expect(findings, formatFindings(findings)).toEqual([]);
    await page.context().close();
  });
});
