// The support console's Moderation screen (issue 15): a member reports a published image; support
// opens Moderation, sees the picture, the prompt and the member's history, and removes it (it leaves
// Explore for good). A picture held by the safety check is approved (released to its owner) and
// another removed (its stored copies deleted). Each decision is in the Audit log.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@velvet/api/db/client';
import { registerMember, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { createSupportAccount, saveDocScreenshot, signInToConsole, type ConsoleAccount } from '../support/console.ts';
import { holdPicture, openStackDatabase } from '../support/console-database.ts';
import { generateImages, imageStatus, listExplore, togglePublish } from '../support/images.ts';
import { waitHidden, waitVisible } from '../support/page-helpers.ts';

let browser: Browser;
let db: Database;
let support: ConsoleAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  db = openStackDatabase();
  support = await createSupportAccount('moderation');
});

afterAll(async () => {
  await browser?.close();
  await db?.$disconnect();
});

async function report(reporter: Member, imageId: string, reason: string): Promise<void> {
  const response = await fetch(new URL(`/api/v2/image/report/${imageId}`, baseUrl()), {
    method: 'POST',
    headers: { authorization: `Bearer ${reporter.session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason }),
  });
  if (!response.ok) throw new Error(`report answered ${response.status}: ${await response.text()}`);
}

const queueRow = (page: Page, prompt: string): Locator =>
  page.getByTestId('moderation-list').locator('tbody tr').filter({ hasText: prompt });

/** Opens the item, then confirms `decision` in the dialog (with a note). */
async function decide(page: Page, prompt: string, decision: 'Approve' | 'Remove', note: string) {
  await queueRow(page, prompt).click();
  const detail = page.getByTestId('moderation-detail');
  await waitVisible(detail.getByTestId('moderation-prompt').filter({ hasText: prompt }));
  await detail.getByRole('button', { name: decision, exact: true }).click();
  const dialog = page.getByTestId('moderation-confirm');
  await waitVisible(dialog);
  await dialog.getByRole('textbox').fill(note);
  await dialog.getByRole('button', { name: decision, exact: true }).click();
  await waitHidden(dialog);
  await waitHidden(queueRow(page, prompt));
}

async function findAudit(page: Page, action: string, note: string) {
  await page.goto(urlFor(baseUrl(), '/admin/audit'));
  const filters = page.getByRole('form', { name: 'Audit log filters' });
  await waitVisible(filters);
  await filters.getByLabel('Action').fill(action);
  await filters.getByRole('button', { name: 'Apply' }).click();
  const entry = page.locator('tbody tr').filter({ hasText: support.email }).filter({ hasText: note });
  await waitVisible(entry.first());
}

describe('console moderation', () => {
  it('a reported image: picture, prompt and history side by side; removed, it leaves Explore', async () => {
    const owner = await registerMember('reported');
    const prompt = `a neon alley in the rain ${owner.nickname}`;
    const [earlier] = await generateImages(owner.session, { prompt: `an earlier picture ${owner.nickname}` });
    const [imageId] = await generateImages(owner.session, { prompt });
    expect(await togglePublish(owner.session, imageId!)).toBe('Y');
    expect((await listExplore(null)).list.map((i) => i.image_id)).toContain(imageId);
    await report(await registerMember('reporter'), imageId!, 'violence');

    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, support, '/admin/moderation');
    const row = queueRow(page, prompt);
    await waitVisible(row);
    expect(await row.textContent()).toContain('1 report');
    await row.click();

    const detail = page.getByTestId('moderation-detail');
    await waitVisible(detail);
    expect(await detail.getByTestId('moderation-prompt').textContent()).toBe(prompt);
    const picture = detail.getByTestId('moderation-picture');
    await waitVisible(picture);
    // Blurred until support asks to see it.
    expect((await picture.getAttribute('class')) ?? '').toMatch(/blurred/);
    await detail.getByRole('button', { name: 'Show picture' }).click();
    expect((await picture.getAttribute('class')) ?? '').not.toMatch(/blurred/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const history = detail.getByTestId('moderation-history');
    await waitVisible(history.getByText(owner.email));
    await waitVisible(history.getByText(`an earlier picture ${owner.nickname}`));
    expect(await history.textContent()).toContain('violence');
    expect(earlier).toBeTruthy();
    await saveDocScreenshot(page, 'moderation');

    await decide(page, prompt, 'Remove', 'Gore in a public picture');
    expect((await imageStatus(owner.session, imageId!)).is_open).toBe('N');
    expect((await listExplore(null)).list.map((i) => i.image_id)).not.toContain(imageId);
    // Removed for good: its owner cannot publish it again.
    await expect(togglePublish(owner.session, imageId!)).rejects.toThrow(/409/);

    await findAudit(page, 'report.remove', 'Gore in a public picture');
    await page.context().close();
  });

  it('held pictures: one approved (released to its owner), one removed (its stored copies deleted)', async () => {
    const owner = await registerMember('held');
    const keepPrompt = `a portrait in soft light ${owner.nickname}`;
    const dropPrompt = `a portrait at the window ${owner.nickname}`;
    const [keep] = await generateImages(owner.session, { prompt: keepPrompt });
    const [drop] = await generateImages(owner.session, { prompt: dropPrompt });
    await holdPicture(db, keep!);
    const dropHold = await holdPicture(db, drop!);

    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, support, '/admin/moderation');
    await page.getByLabel('Show').selectOption('hold');
    await waitVisible(queueRow(page, keepPrompt));
    expect(await queueRow(page, keepPrompt).textContent()).toContain('held');

    await decide(page, keepPrompt, 'Approve', 'Adult face; the check was wrong');
    expect((await imageStatus(owner.session, keep!)).status).toBe('complete');

    await decide(page, dropPrompt, 'Remove', 'Looks under age');
    const hold = await db.safetyHold.findUniqueOrThrow({ where: { id: dropHold } });
    expect(hold).toMatchObject({ status: 'removed', decidedBy: support.email, quarantineKey: null });
    const picture = await fetch(new URL(`/api/admin/safety/holds/${dropHold}/picture`, baseUrl()), {
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(picture.status).toBe(404);

    await findAudit(page, 'hold.remove', 'Looks under age');
    await findAudit(page, 'hold.approve', 'Adult face; the check was wrong');
    await page.context().close();
  });
});
