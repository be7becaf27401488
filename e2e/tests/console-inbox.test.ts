// The support console's Inbox (issue 15): a member sends an inquiry; support finds it in the Inbox
// with the countdown to the 24-hour promise, reads the member's context, replies and closes it; the
// member gets the reply by mail and sees it under the support form.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFindings, seriousViolations } from '../support/a11y.ts';
import { registerMember, signedInStorage } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, urlFor } from '../support/browser.ts';
import { createSupportAccount, saveDocScreenshot, signInToConsole } from '../support/console.ts';
import { readOutbox } from '../support/mail-outbox.ts';
import { waitForTitle, waitVisible } from '../support/page-helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const QUESTION = 'My coin pack from this morning has not arrived. Can you check?';
const REPLY = 'Thanks for waiting: the payment went through and the 500 coins are on your balance now.';

const myRequest = (page: Page) => page.getByTestId('my-request').filter({ hasText: QUESTION });

describe('console inbox', () => {
  it('support answers and closes an inquiry; the member sees the reply under the support form', async () => {
    const member = await registerMember('inquirer');
    const memberPage = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
    await memberPage.goto(urlFor(baseUrl(), '/support'));
    await waitForTitle(memberPage, 'Customer Support');
    const form = memberPage.getByTestId('support-form');
    await form.getByLabel('Contact Options').selectOption('billing');
    await form.getByLabel('Inquiry details').fill(QUESTION);
    await form.getByRole('button', { name: 'Submit' }).click();
    // The list under the form is read again after sending.
    await waitVisible(myRequest(memberPage));
    expect(await myRequest(memberPage).textContent()).toContain('Waiting for an answer');

    const support = await createSupportAccount('inbox');
    const page = await newPage(browser, { consent: true });
    await signInToConsole(page, support, '/admin/inbox');
    const inbox = page.getByTestId('console-inbox');
    await waitVisible(inbox);
    // Other tests' requests share the stack: find this one by the member's email.
    await inbox.getByLabel('Search').fill(member.email);
    await inbox.getByRole('button', { name: 'Search' }).click();
    const row = inbox.getByTestId('inbox-list').locator('tbody tr').filter({ hasText: member.email });
    await waitVisible(row);
    expect(await row.textContent()).toContain('Billing Issues');
    // Just sent: nearly all of the 24 hours are left.
    expect(await row.locator('time').last().textContent()).toMatch(/^2[34]h \d\dm left$/);
    await saveDocScreenshot(page, 'inbox');

    await row.click();
    const detail = page.getByTestId('inbox-detail');
    await waitVisible(detail.getByTestId('inbox-contents'));
    expect(await detail.getByTestId('inbox-contents').textContent()).toBe(QUESTION);
    const context = detail.getByTestId('member-context');
    await waitVisible(context);
    expect(await context.textContent()).toContain(member.email);
    expect(await context.getByTestId('member-balance').textContent()).toMatch(/^\d+ coins$/);
    expect(await detail.getByText('No reply yet.').isVisible()).toBe(true);

    await detail.getByLabel(/Reply to the member/).fill(REPLY);
    await saveDocScreenshot(page, 'inbox-detail');
    const consoleFindings = await seriousViolations(page, 'inbox with an open request');
    expect(consoleFindings, formatFindings(consoleFindings)).toEqual([]);
    await detail.getByRole('button', { name: 'Send reply' }).click();
    const reply = detail.getByTestId('inbox-reply').filter({ hasText: REPLY });
    await waitVisible(reply);
    expect(await reply.textContent()).toContain(support.email);

    await detail.getByRole('button', { name: 'Close request' }).click();
    await waitVisible(detail.getByText(`Closed by ${support.email}`, { exact: false }));
    expect(await detail.getByRole('button', { name: 'Send reply' }).count()).toBe(0);

    // The member: the reply by mail, and under the support form with the request closed.
    await expect
      .poll(
        () =>
          readOutbox().some(
            (mail) => mail.to.includes(member.email) && mail.body.includes('500 coins are on your balance'),
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await memberPage.reload();
    await waitVisible(myRequest(memberPage).getByTestId('my-request-reply').filter({ hasText: REPLY }));
    expect(await myRequest(memberPage).getAttribute('data-status')).toBe('closed');
    expect(await myRequest(memberPage).textContent()).toContain('Closed');
    const memberFindings = await seriousViolations(memberPage, 'support page with a reply');
    expect(memberFindings, formatFindings(memberFindings)).toEqual([]);

    await page.context().close();
    await memberPage.context().close();
  });
});
