// (page.evaluate callbacks and init scripts run in the browser.)
// The support console's Members and Audit log (issue 15): a member never sees the console (no entry,
// /admin is not found); support finds a member by nickname, adjusts the balance with a reason (the
// member's balance changes), mutes and restores, cannot change a role, and finds each action in the
// Audit log; the admin changes a role. Screenshots for docs/support.md (saveDocScreenshot).
import { API_PATHS, apiPath } from '@velvet/contracts/routes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { formatFindings, seriousViolations, type A11yFinding } from '../support/a11y.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import {
  ADMIN,
  createSupportAccount,
  saveDocScreenshot,
  signInToConsole,
  type ConsoleAccount,
} from '../support/console.ts';
import { waitHidden, waitVisible } from '../support/page-helpers.ts';

let browser: Browser;
let support: ConsoleAccount;
let member: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  support = await createSupportAccount('support');
  member = await registerMember('consoletarget');
});

afterAll(async () => {
  await browser?.close();
});

async function memberBalance(token: string): Promise<number> {
  const response = await fetch(new URL(API_PATHS.getMember, baseUrl()), {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { cur_tokens: number }).cur_tokens;
}

/** Searches the Members screen for `query` and opens the first result's profile. */
async function openMember(page: Page, query: string, email: string) {
  await page.goto(urlFor(baseUrl(), '/admin/members'));
  await page.getByLabel('Email or nickname starts with').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('members-table').locator(`tr[data-row-key="${email}"]`);
  await waitVisible(row);
  await row.click();
  await waitVisible(page.getByTestId('member-profile'));
}

/** Opens a reason dialog from the profile, fills it and confirms. */
async function confirmWithReason(page: Page, button: string, dialogName: string, confirm: string, reason: string) {
  await page.getByTestId('member-profile').getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await waitVisible(dialog);
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await waitHidden(dialog);
}

describe('support console: who sees it', () => {
  it('a member never sees the Support console entry, and /admin shows not found', async () => {
    for (const mobile of [false, true]) {
      const page = await newPage(browser, { consent: true, mobile, localStorage: signedInStorage(member.session) });
      await page.goto(urlFor(baseUrl(), '/collections'));
      if (mobile) {
        await page.getByTestId('bottom-bar').getByRole('button', { name: 'Manage' }).click();
        await waitVisible(page.getByTestId('mobile-manage-list'));
        expect(await page.getByTestId('mobile-manage-list').getByRole('link', { name: 'Manage Account' }).count()).toBe(
          1,
        );
        expect(await page.getByRole('link', { name: 'Support console' }).count()).toBe(0);
      } else {
        await waitVisible(page.getByTestId('side-panel').getByRole('link', { name: 'Manage Account' }));
        expect(await page.getByRole('link', { name: 'Support console' }).count()).toBe(0);
      }
      for (const path of ['/admin', '/admin/members', '/admin/audit']) {
        await page.goto(urlFor(baseUrl(), path));
        await waitVisible(page.getByRole('heading', { name: 'Page not found' }));
        expect(await page.getByRole('heading', { name: 'Support console' }).count()).toBe(0);
      }
      await page.context().close();
    }
  });
});

describe('support console: Members and Audit log', () => {
  it('support finds a member, adjusts coins, mutes and restores; a role change is refused', async () => {
    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, support, '/admin');
    // /admin opens the Inbox; the side panel has the console entry; the header names who is signed in.
    await page.waitForURL(/\/admin\/inbox$/);
    await waitVisible(page.getByTestId('side-panel').getByRole('link', { name: 'Support console' }));
    expect(await page.getByTestId('console-signed-in').textContent()).toContain(support.email);
    expect(await page.getByTestId('console-signed-in').textContent()).toContain('support');
    await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(/\/admin\/members/);

    // The member's nickname, typed in another case: the search is case-insensitive by prefix.
    await openMember(page, member.nickname.slice(0, 12).toUpperCase(), member.email);
    await saveDocScreenshot(page, 'member-profile');
    const findings: A11yFinding[] = [...(await seriousViolations(page, 'support: member profile'))];
    const before = await memberBalance(member.session.token);
    expect(await page.getByTestId('member-balance').textContent()).toBe(`${before} coins`);

    // Adjust: the button waits for a valid amount and a reason of at least 5 characters.
    await page.getByTestId('member-profile').getByRole('button', { name: 'Adjust coins', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust coins' });
    await waitVisible(dialog);
    await dialog.getByLabel(/^Amount/).fill('75');
    await dialog.getByLabel(/^Reason/).fill('oops');
    expect(await dialog.getByRole('button', { name: 'Post adjustment' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/^Reason/).fill('Goodwill: a run failed twice');
    await dialog.getByRole('button', { name: 'Post adjustment' }).click();
    await waitHidden(dialog);
    await page
      .getByTestId('member-balance')
      .filter({ hasText: `${before + 75} coins` })
      .waitFor();
    expect(await memberBalance(member.session.token)).toBe(before + 75);
    await waitVisible(page.getByTestId('ledger-table').getByText('admin_adjustment').first());

    await confirmWithReason(page, 'Mute', 'Mute member', 'Mute', 'Spamming refused prompts');
    await waitVisible(page.getByTestId('member-context').getByText('muted', { exact: true }));
    await confirmWithReason(page, 'Restore', 'Restore member', 'Restore', 'Talked it through with the member');
    await waitVisible(page.getByTestId('member-context').getByText('active', { exact: true }));

    // Role changes are an admin's: the control is disabled for support, and the API says 403.
    const roleButton = page.getByTestId('member-profile').getByRole('button', { name: 'Change role' });
    expect(await roleButton.isDisabled()).toBe(true);
    await waitVisible(page.getByText('Role changes: admins only'));
    const refused = await fetch(new URL(apiPath(API_PATHS.adminMemberRole, { member_id: member.email }), baseUrl()), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${support.token}` },
      body: JSON.stringify({ role: 'admin', reason: 'Trying to promote' }),
    });
    expect(refused.status).toBe(403);

    // The list of members (the search results) for the documentation.
    await page.goto(urlFor(baseUrl(), `/admin/members?q=${encodeURIComponent(member.nickname.slice(0, 6))}`));
    await waitVisible(page.getByTestId('members-table').locator(`tr[data-row-key="${member.email}"]`));
    await saveDocScreenshot(page, 'members');

    // Each action in the Audit log, filtered to this member.
    await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/admin\/audit/);
    await page.getByLabel('Target id').fill(member.email);
    await page.getByRole('button', { name: 'Apply' }).click();
    const table = page.getByTestId('audit-table');
    // Other tests' console actions are in the log too: read this member's rows, once the filter applied.
    const rows = table.locator('tbody tr', { hasText: member.email });
    for (const action of ['member.adjust_coins', 'member.mute', 'member.restore']) {
      await waitVisible(rows.getByText(action, { exact: true }));
    }
    await expect.poll(async () => (await table.locator('tbody tr').count()) === (await rows.count())).toBe(true);
    const adjustRow = rows.filter({ hasText: 'member.adjust_coins' });
    expect(await adjustRow.textContent()).toContain(support.email);
    expect(await adjustRow.textContent()).toContain('Goodwill: a run failed twice');
    expect(await adjustRow.textContent()).toContain(`${before} → ${before + 75}`);
    await saveDocScreenshot(page, 'audit-log');
    findings.push(...(await seriousViolations(page, 'support: audit log')));
    expect(findings, `serious or critical axe violations:\n${formatFindings(findings)}`).toEqual([]);
    await page.context().close();
  });

  it('the admin changes a role, and the Audit log shows who did it', async () => {
    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, ADMIN, '/admin/members');
    await openMember(page, member.email.slice(0, 14), member.email);
    await page.getByTestId('member-profile').getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change role' });
    await waitVisible(dialog);
    await dialog.getByLabel('New role').selectOption('support');
    await dialog.getByLabel(/^Reason/).fill('Joins the support team');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await waitHidden(dialog);
    await page.getByTestId('member-role').filter({ hasText: 'support' }).waitFor();

    await page.goto(
      urlFor(baseUrl(), `/admin/audit?action=member.change_role&target_id=${encodeURIComponent(member.email)}`),
    );
    const row = page.getByTestId('audit-table').locator('tr', { hasText: 'member.change_role' });
    await waitVisible(row);
    expect(await row.textContent()).toContain(ADMIN.email);
    await page.context().close();
  });

  it('on a phone the console areas are a select', async () => {
    const page = await newPage(browser, { consent: true, mobile: true });
    await signInToConsole(page, support, '/admin/members', { mobile: true });
    const select = page.getByRole('combobox', { name: 'Console area', exact: true });
    await waitVisible(select);
    await select.selectOption({ label: 'Audit log' });
    await page.waitForURL(/\/admin\/audit$/);
    await waitVisible(page.getByRole('heading', { name: 'Audit log' }));
    await page.context().close();
  });
});
