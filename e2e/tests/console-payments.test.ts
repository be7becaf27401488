// The support console's Deposits and payments and Queues screens (issue 15): an underpaid XRP
// deposit (the chain stand-in delivers half) waits for a decision; support credits it with a note,
// the member's balance moves once (a second credit is refused as already handled), and the action is
// in the Audit log. The Queues screen shows the counts of the background queues.
import type { TGetMemberResponse } from '@velvet/contracts/members/get-member';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '@velvet/api/db/client';
import { registerMember, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { createSupportAccount, saveDocScreenshot, signInToConsole, type ConsoleAccount } from '../support/console.ts';
import { expireDeposit, openStackDatabase } from '../support/console-database.ts';
import { generateImages } from '../support/images.ts';
import { waitHidden, waitVisible } from '../support/page-helpers.ts';

let browser: Browser;
let db: Database;
let support: ConsoleAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  db = openStackDatabase();
  support = await createSupportAccount('payments');
});

afterAll(async () => {
  await browser?.close();
  await db?.$disconnect();
});

async function api<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const balanceOf = async (member: Member) =>
  (await api<TGetMemberResponse>('GET', '/api/members', member.session.token)).body.cur_tokens;

/** An XRP deposit for the 3,600-coin pack of which only half arrives before it expires. */
async function underpaidDeposit(member: Member): Promise<string> {
  const rate = await api<{ coin_cnt_per_dollar: number }>('POST', '/api/v2/wallet/query/XRP', member.session.token);
  const amount = (5 * rate.body.coin_cnt_per_dollar).toFixed(8);
  const created = await api<{ deposit_id: string; destination_tag: number; request_coin_text: string }>(
    'POST',
    '/api/v2/wallet/create/XRP',
    member.session.token,
    { coin_type: 'XRP', period_unit: '', service_kind: 'coin', service_title: '3600 coins', request_coin_cnt: amount },
  );
  expect(created.status).toBe(200);
  const { deposit_id: id, destination_tag: tag, request_coin_text: asked } = created.body;
  const half = (Number(asked) / 2).toFixed(6);
  // A partial payment: the transaction names the full amount, the ledger delivers half.
  const paid = await fetch(`${inject('rippledControlUrl')}/__control/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tag, amount: asked, delivered: half }),
  });
  expect(paid.status).toBe(200);
  await waitForDeposit(id, (d) => d.status === 'seen' || d.status === 'confirmed');
  // The hour is over (no browser test waits an hour): the watcher marks it underpaid for review.
  await expireDeposit(db, id);
  await waitForDeposit(id, (d) => d.needsReview && d.outcome === 'underpaid');
  return id;
}

async function waitForDeposit(
  id: string,
  done: (d: { status: string; outcome: string | null; needsReview: boolean }) => boolean,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await db.cryptoDeposit.findUniqueOrThrow({ where: { id } });
    if (done(row)) return;
    if (Date.now() > deadline) throw new Error(`deposit ${id} stayed ${row.status}/${row.outcome}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('console deposits and payments', () => {
  it('credits an underpaid crypto deposit with a note: the balance moves once; the action is audited', async () => {
    const member = await registerMember('underpaid');
    const id = await underpaidDeposit(member);
    const before = await balanceOf(member);

    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, support, '/admin/payments');
    const tab = page.getByTestId('deposits-tab');
    await tab.getByLabel('Member email').fill(member.email);
    await tab.getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('deposits-list').locator('tbody tr').filter({ hasText: member.email });
    await waitVisible(row);
    expect(await row.textContent()).toContain('underpaid');
    await saveDocScreenshot(page, 'payments');

    await row.getByRole('button', { name: 'Credit' }).click();
    const dialog = page.getByTestId('deposit-note-dialog');
    await waitVisible(dialog);
    // The note is mandatory: the button waits for it.
    expect(await dialog.getByRole('button', { name: 'Credit deposit' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('Member asked; shortfall accepted');
    await dialog.getByRole('button', { name: 'Credit deposit' }).click();
    await waitHidden(dialog);
    await waitHidden(row);
    expect(await balanceOf(member)).toBe(before + 3600);

    // A second credit (another support person's stale screen) is refused, nothing moves.
    const again = await api<{ message: string }>('PATCH', `/api/admin/deposits/${id}`, support.token, {
      action: 'credit',
      note: 'again',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`Already handled: credited by ${support.email}`);
    expect(await balanceOf(member)).toBe(before + 3600);

    await page.goto(urlFor(baseUrl(), '/admin/audit'));
    const filters = page.getByRole('form', { name: 'Audit log filters' });
    await waitVisible(filters);
    await filters.getByLabel('Action').fill('deposit.credit');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await waitVisible(
      page
        .locator('tbody tr')
        .filter({ hasText: support.email })
        .filter({ hasText: 'Member asked; shortfall accepted' })
        .first(),
    );
    await page.context().close();
  });

  it('the Queues screen shows the counts of each background queue', async () => {
    // A generation the worker completes: the generation queue has at least one completed job.
    const member = await registerMember('queues');
    await generateImages(member.session, { prompt: `a harbour at dawn ${member.nickname}` });
    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, support, '/admin/queues');
    for (const queue of ['generation', 'images', 'deposits']) {
      await waitVisible(page.getByTestId(`queue-${queue}`));
    }
    const completed = Number(await page.getByTestId('queue-generation-completed').textContent());
    expect(completed).toBeGreaterThan(0);
    await waitVisible(page.getByTestId('failed-jobs'));
    await saveDocScreenshot(page, 'queues');
    await page.context().close();
  });
});
