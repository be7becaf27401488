// (page.evaluate callbacks and init scripts run in the browser.)
// The money screens (spec sections 2, 4, 5, 8 and 9) against the real API: the subscription page with
// its billing switch and FAQ, the coin page, Purchase/Buy for guests (login modal) and members (method
// chooser with Credit Cards disabled on a deployment without a card processor: the browser is told so,
// as this stack takes cards through Verotel's stand-in, payments-verotel.test.ts), the crypto wallet
// modal from the rate to a deposit address with working copy buttons, a Bitcoin payment through to
// the credit (on the local chain stand-in e2e/global-setup.ts starts), and the card provider's return
// pages.
import { COIN_PACKS, PLANS } from '@velvet/contracts/catalog';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerMember, signedInStorage, type Member } from '../support/accounts.ts';
import { baseUrl } from '../support/base-url.ts';
import { launchBrowser, newPage, pathnameOf, urlFor } from '../support/browser.ts';
import { waitForPath, waitForTitle, waitHidden, waitVisible, watchErrors } from '../support/page-helpers.ts';
import { cardsEntry, openedChooser, text, waitForText } from '../support/payments.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SUBSCRIPTION_TITLE = 'Create anything you can imagine.';
const COIN_TITLE = 'Top Up on Coins. Recharge Your Creativity!';

/** A deployment without a card processor, as the browser sees it (GET /api/payment/config). */
async function withoutCards(page: Page): Promise<void> {
  await page.route('**/api/payment/config', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ card: null }) }),
  );
}

async function openPage(
  path: string,
  options: { member?: Member; mobile?: boolean; cards?: 'off' } = {},
): Promise<Page> {
  const page = await newPage(browser, {
    consent: true,
    mobile: options.mobile ?? false,
    ...(options.member ? { localStorage: signedInStorage(options.member.session) } : {}),
  });
  if (options.cards === 'off') await withoutCards(page);
  await page.goto(urlFor(baseUrl(), path));
  return page;
}

const planCard = (page: Page, name: string): Locator => page.locator(`[data-testid="plan-card"][data-plan="${name}"]`);
const packCard = (page: Page, coins: number): Locator =>
  page.locator(`[data-testid="coin-pack-card"][data-coins="${coins}"]`);

async function waitForAttribute(locator: Locator, name: string, expected: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: string | null = null;
  while (Date.now() < deadline) {
    last = await locator.getAttribute(name).catch(() => null);
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected ${name}=${expected}, last saw ${String(last)}`);
}

describe('subscription page', () => {
  it('headline, the Monthly/Yearly switch (yearly by default) and three plan cards', async () => {
    const page = await openPage('/subscription');
    await waitForTitle(page, SUBSCRIPTION_TITLE);

    const yearly = page.getByRole('radio', { name: /Yearly/ });
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    expect(await yearly.getAttribute('aria-checked')).toBe('true');
    expect(await monthly.getAttribute('aria-checked')).toBe('false');
    expect(await text(page.getByTestId('yearly-discount'))).toBe('-75%');
    expect(await text(page.getByTestId('yearly-save-note'))).toBe('Save 75% with yearly billing');

    expect(await page.getByTestId('plan-card').count()).toBe(3);
    for (const plan of PLANS) {
      const card = planCard(page, plan.name);
      expect(await text(card.getByRole('heading', { level: 2 }))).toBe(plan.name);
      expect(await text(card.getByTestId('plan-price'))).toBe(`$${plan.yearlyPrice}`);
      expect(await text(card.getByTestId('plan-coins'))).toBe(`${plan.yearlyCoins} coins per year`);
      expect(await card.getByTestId('plan-popular').count()).toBe(plan.isPopular ? 1 : 0);
      expect(await card.getByRole('button', { name: 'Purchase' }).isVisible()).toBe(true);
      expect(await card.locator('li[data-included="true"]').count()).toBe(
        plan.features.filter((f) => f.included).length,
      );
      expect(await card.locator('li[data-included="false"]').count()).toBe(
        plan.features.filter((f) => !f.included).length,
      );
    }
    expect(await text(planCard(page, 'Ultimate').getByTestId('plan-popular'))).toBe('Most Popular');

    // Monthly: prices and coins change.
    await monthly.click();
    expect(await monthly.getAttribute('aria-checked')).toBe('true');
    for (const plan of PLANS) {
      const card = planCard(page, plan.name);
      await waitForText(card.getByTestId('plan-price'), `$${plan.monthlyPrice}`);
      expect(await text(card.getByTestId('plan-coins'))).toBe(`${plan.monthlyCoins} coins per month`);
      expect(await text(card.getByTestId('plan-billed'))).toBe('Billed monthly');
    }
    // And back, with the keyboard.
    await monthly.press('ArrowRight');
    expect(await yearly.getAttribute('aria-checked')).toBe('true');
    await waitForText(planCard(page, 'Ultimate').getByTestId('plan-price'), '$13');
    expect(await text(planCard(page, 'Ultimate').getByTestId('plan-billed'))).toBe('$156 billed yearly');
    await page.context().close();
  });

  it('each yearly card states its true saving a year, computed from the catalogue; monthly cards state none', async () => {
    const page = await openPage('/subscription');
    await waitForTitle(page, SUBSCRIPTION_TITLE);
    // The spec's badge and note stay as they are.
    expect(await text(page.getByTestId('yearly-discount'))).toBe('-75%');
    expect(await text(page.getByTestId('yearly-save-note'))).toBe('Save 75% with yearly billing');
    for (const plan of PLANS) {
      const saving = plan.monthlyPrice * 12 - plan.yearlyPrice * 12;
      await waitForText(planCard(page, plan.name).getByTestId('plan-saving'), `Save $${saving} a year`);
    }

    await page.getByRole('radio', { name: 'Monthly' }).click();
    for (const plan of PLANS) {
      const card = planCard(page, plan.name);
      await waitForText(card.getByTestId('plan-billed'), 'Billed monthly');
      expect(await card.getByTestId('plan-saving').count()).toBe(0);
      expect(await text(card)).not.toMatch(/a year/);
    }
    await page.context().close();
  });

  it('FAQ: one item open at a time, with the policy claims', async () => {
    const page = await openPage('/subscription');
    await waitForTitle(page, SUBSCRIPTION_TITLE);
    const faq = page.getByTestId('faq');
    const first = faq.getByRole('button', { name: 'Is there a free trial?' });
    const second = faq.getByRole('button', { name: 'What is your refund policy?' });
    const firstAnswer = faq.getByRole('region', { name: 'Is there a free trial?' });
    const secondAnswer = faq.getByRole('region', { name: 'What is your refund policy?' });

    expect(await faq.locator('[aria-expanded="true"]').count()).toBe(0);
    await first.click();
    await waitVisible(firstAnswer);
    expect(await text(firstAnswer)).toContain('14-day free trial');
    await second.click();
    await waitVisible(secondAnswer);
    await waitHidden(firstAnswer);
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    expect(await text(secondAnswer)).toContain('30-day money-back guarantee');
    expect(await text(secondAnswer)).toContain('within 30 days');
    await second.click();
    await waitHidden(secondAnswer);
    expect(await faq.locator('[aria-expanded="true"]').count()).toBe(0);

    const all = await text(faq);
    for (const claim of ['Coins are non-refundable', 'US$100', '18 or older', 'within 24 hours']) {
      expect(all).toContain(claim);
    }
    await page.context().close();
  });

  it('a guest who clicks Purchase gets the login modal', async () => {
    const page = await openPage('/subscription');
    await waitForTitle(page, SUBSCRIPTION_TITLE);
    await planCard(page, 'Premium').getByRole('button', { name: 'Purchase' }).click();
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));
    expect(await page.getByTestId('payment-method-modal').count()).toBe(0);
    await page.context().close();
  });
});

describe('coin page', () => {
  it('headline, pack cards with coins, price and provided immediately, FAQ', async () => {
    const page = await openPage('/coin');
    await waitForTitle(page, COIN_TITLE);
    expect(await page.getByTestId('coin-pack-card').count()).toBe(COIN_PACKS.length);
    for (const pack of COIN_PACKS) {
      const card = packCard(page, pack.amount);
      expect(await text(card.getByTestId('pack-coins'))).toBe(`${pack.amount.toLocaleString('en-US')} Coins`);
      expect(await text(card.getByTestId('pack-price'))).toBe(`$${pack.price}`);
      expect(await text(card)).toContain('provided immediately');
      expect(await card.getByRole('button', { name: 'Buy' }).isVisible()).toBe(true);
    }
    const faq = page.getByTestId('faq');
    await faq.getByRole('button', { name: 'Are coins refundable?' }).click();
    await waitVisible(faq.getByRole('region', { name: 'Are coins refundable?' }));
    expect(await text(faq.getByRole('region', { name: 'Are coins refundable?' }))).toContain('non-refundable');
    await page.context().close();
  });

  it('a guest who clicks Buy gets the login modal (mobile)', async () => {
    const page = await openPage('/coin', { mobile: true });
    await waitForTitle(page, COIN_TITLE);
    await packCard(page, 3600).getByRole('button', { name: 'Buy' }).click();
    await waitVisible(page.getByRole('dialog', { name: 'Welcome Back' }));
    await page.context().close();
  });
});

describe('paying with crypto', () => {
  it('Purchase -> method chooser (cards disabled) -> Bitcoin -> amount -> Create Wallet -> address with copy', async () => {
    const member = await registerMember('pay');
    const page = await openPage('/subscription', { member, cards: 'off' });
    const errors = watchErrors(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await waitForTitle(page, SUBSCRIPTION_TITLE);

    await planCard(page, 'Ultimate').getByRole('button', { name: 'Purchase' }).click();
    const chooser = await openedChooser(page);
    expect(await text(chooser.getByTestId('purchase-summary'))).toContain('Ultimate plan');
    expect(await text(chooser.getByTestId('purchase-price'))).toBe('$156');
    const cards = chooser.getByRole('button', { name: /Credit Cards/ });
    await waitVisible(cards);
    expect(await cards.isDisabled()).toBe(true);
    for (const name of ['Bitcoin', 'Ethereum', 'Ripple']) {
      expect(await chooser.getByRole('button', { name: new RegExp(`^${name}`) }).isEnabled()).toBe(true);
    }

    const rateResponse = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/api/v2/wallet/query/BTC'),
    );
    await chooser.getByRole('button', { name: /^Bitcoin/ }).click();
    await waitHidden(chooser);
    const wallet = page.getByRole('dialog', { name: 'Pay with Bitcoin' });
    await waitVisible(wallet);
    const rate = (await (await rateResponse).json()) as { coin_cnt_per_dollar: number };
    // Yearly Ultimate: $13 x 12 = $156, times the rate, 8 decimals.
    const expected = (156 * rate.coin_cnt_per_dollar).toFixed(8);
    await waitForText(wallet.getByTestId('wallet-amount'), `${expected} BTC`);

    const buy = wallet.getByRole('link', { name: 'Buy Coins' });
    expect(await buy.getAttribute('href')).toBe('https://www.coinbase.com/buy');
    expect(await buy.getAttribute('target')).toBe('_blank');

    const created = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v2/wallet/create/BTC');
    await wallet.getByRole('button', { name: 'Create Wallet' }).click();
    expect((await created).postDataJSON()).toEqual({
      coin_type: 'BTC',
      period_unit: 'yearly',
      service_kind: 'membership',
      service_title: 'ultimate',
      request_coin_cnt: expected,
    });
    const address = wallet.getByTestId('wallet-address');
    await waitVisible(address);
    const shown = await text(address);
    expect(shown.length).toBeGreaterThan(20);
    expect(await wallet.getByRole('button', { name: 'Create Wallet' }).count()).toBe(0);
    await waitForText(wallet.getByTestId('wallet-amount'), /^\d+\.\d{8} BTC$/);
    await waitVisible(wallet.getByTestId('deposit-status'));
    expect(await text(wallet.getByTestId('deposit-status'))).toContain('Waiting for payment');

    // Copy address: 'Copied!' for 2 seconds, and the clipboard holds the address.
    const copyAddress = wallet.getByRole('button', { name: 'Copy address' });
    await copyAddress.click();
    await waitForText(copyAddress, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await waitForText(copyAddress, 'Copy', 4000);

    const copyAmount = wallet.getByRole('button', { name: 'Copy amount' });
    await copyAmount.click();
    await waitForText(copyAmount, 'Copied!');
    const amount = (await text(wallet.getByTestId('wallet-amount'))).replace(/ BTC$/, '');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(amount);

    await page.keyboard.press('Escape');
    await waitHidden(wallet);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a coin pack with Ethereum on mobile: the pack price, the per-coin exchange page', async () => {
    const member = await registerMember('paym');
    const page = await openPage('/coin', { member, mobile: true, cards: 'off' });
    await waitForTitle(page, COIN_TITLE);
    await packCard(page, 12000).getByRole('button', { name: 'Buy' }).click();
    const chooser = await openedChooser(page);
    expect(await text(chooser.getByTestId('purchase-summary'))).toContain('12,000 Coins');
    expect(await chooser.getByRole('button', { name: /Credit Cards/ }).isDisabled()).toBe(true);

    const rateResponse = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/api/v2/wallet/query/ETH'),
    );
    await chooser.getByRole('button', { name: /^Ethereum/ }).click();
    const wallet = page.getByRole('dialog', { name: 'Pay with Ethereum' });
    await waitVisible(wallet);
    const rate = (await (await rateResponse).json()) as { coin_cnt_per_dollar: number };
    await waitForText(wallet.getByTestId('wallet-amount'), `${(15 * rate.coin_cnt_per_dollar).toFixed(8)} ETH`);
    expect(await wallet.getByRole('link', { name: 'Buy Coins' }).getAttribute('href')).toBe(
      'https://www.coinbase.com/price/ethereum',
    );

    const created = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v2/wallet/create/ETH');
    await wallet.getByRole('button', { name: 'Create Wallet' }).click();
    expect((await created).postDataJSON()).toMatchObject({
      coin_type: 'ETH',
      period_unit: '',
      service_kind: 'coin',
      service_title: '12000',
    });
    await waitVisible(wallet.getByTestId('wallet-address'));
    await page.context().close();
  });

  it('Ripple: the destination tag with its own copy button, a required-tag warning; paying it adds the pack', async () => {
    const member = await registerMember('payx');
    const page = await openPage('/coin', { member });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await waitForTitle(page, COIN_TITLE);
    await packCard(page, 3600).getByRole('button', { name: 'Buy' }).click();
    const chooser = await openedChooser(page);
    await chooser.getByRole('button', { name: /^Ripple/ }).click();
    const wallet = page.getByRole('dialog', { name: 'Pay with Ripple' });
    await waitVisible(wallet);
    expect(await wallet.getByRole('link', { name: 'Buy Coins' }).getAttribute('href')).toBe(
      'https://www.coinbase.com/price/xrp',
    );
    await waitForText(wallet.getByTestId('wallet-amount'), /^\d+\.\d{8} XRP$/);

    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v2/wallet/create/XRP',
    );
    await wallet.getByRole('button', { name: 'Create Wallet' }).click();
    const body = (await (await created).json()) as { destination_tag: number; request_coin_text: string };
    const tag = wallet.getByTestId('wallet-destination-tag');
    await waitVisible(tag);
    expect(await text(tag)).toBe(String(body.destination_tag));
    expect(await text(wallet.getByTestId('destination-tag-warning'))).toContain('The destination tag is required.');
    expect(await text(wallet.getByTestId('wallet-amount'))).toBe(`${body.request_coin_text} XRP`);

    const copyTag = wallet.getByRole('button', { name: 'Copy destination tag' });
    await copyTag.click();
    await waitForText(copyTag, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(body.destination_tag));

    // The member pays with the tag; once the ledger is validated the pack's coins arrive: 500 + 3,600.
    const paid = await fetch(`${inject('rippledControlUrl')}/__control/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tag: body.destination_tag, amount: body.request_coin_text }),
    });
    expect(paid.status).toBe(200);
    await waitForAttribute(wallet.getByTestId('deposit-status'), 'data-step', 'credited', 20_000);
    await waitForText(page.getByTestId('balance-chip'), /^4\.1K/, 20_000);
    await page.context().close();
  });

  it('a plan paid in Bitcoin: seen, confirmed, coins added; the balance and the tier follow', async () => {
    const member = await registerMember('btcpay');
    const page = await openPage('/subscription', { member });
    const errors = watchErrors(page);
    await waitForTitle(page, SUBSCRIPTION_TITLE);
    await waitForText(page.getByTestId('balance-chip'), /^500\b/);

    await planCard(page, 'Premium').getByRole('button', { name: 'Purchase' }).click();
    const chooser = await openedChooser(page);
    await chooser.getByRole('button', { name: /^Bitcoin/ }).click();
    const wallet = page.getByRole('dialog', { name: 'Pay with Bitcoin' });
    await waitVisible(wallet);
    await waitForText(wallet.getByTestId('wallet-amount'), /^\d+\.\d{8} BTC$/);
    await wallet.getByRole('button', { name: 'Create Wallet' }).click();
    const addressBox = wallet.getByTestId('wallet-address');
    await waitVisible(addressBox);
    const address = await text(addressBox);
    const amount = (await text(wallet.getByTestId('wallet-amount'))).replace(/ BTC$/, '');
    const status = wallet.getByTestId('deposit-status');
    expect(await status.getAttribute('data-step')).toBe('waiting');

    // The member sends the exact amount: first in the mempool, then mined past the 2 confirmations.
    const esplora = inject('esploraControlUrl');
    const pay = await fetch(`${esplora}/__control/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amount, confirmations: 0 }),
    });
    expect(pay.status).toBe(200);
    await waitForAttribute(status, 'data-step', 'seen', 20_000);
    const mine = await fetch(`${esplora}/__control/mine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blocks: 2 }),
    });
    expect(mine.status).toBe(200);
    await waitForAttribute(status, 'data-step', 'credited', 20_000);
    expect(await text(status)).toContain('Coins added');

    // Yearly Premium grants its 160K coins at once: 500 + 160,000.
    await waitForText(page.getByTestId('balance-chip'), /^160\.5K/, 20_000);
    await page.keyboard.press('Escape');
    await waitHidden(wallet);
    await page.goto(urlFor(baseUrl(), '/account'));
    await waitForText(page.getByTestId('membership-tier'), 'Premium');
    expect(await text(page.getByTestId('membership-balance'))).toContain('160.5K');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('paying by card', () => {
  // This deployment takes cards through Verotel (a redirect). The browser is told Stripe is configured,
  // so that the chooser opens the embedded card modal; Stripe.js (js.stripe.com) stays unreachable, as
  // everything outside the machine is in these tests, which the modal must report, not crash on.
  it('Credit Cards enabled when configured: the card modal, and a payment system that is not ready', async () => {
    const member = await registerMember('card');
    const page = await newPage(browser, { consent: true, localStorage: signedInStorage(member.session) });
    await page.route('**/api/payment/config', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ card: { provider: 'stripe', public_key: 'pk_test_e2e', checkout: 'embedded' } }),
      }),
    );
    await page.goto(urlFor(baseUrl(), '/subscription'));
    await waitForTitle(page, SUBSCRIPTION_TITLE);
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await planCard(page, 'AI Master').getByRole('button', { name: 'Purchase' }).click();
    const chooser = await openedChooser(page);
    const cards = await cardsEntry(chooser);
    expect(await cards.isEnabled()).toBe(true);
    await cards.click();
    await waitHidden(chooser);

    const modal = page.getByRole('dialog', { name: 'Pay by Card' });
    await waitVisible(modal);
    expect(await text(modal.getByTestId('purchase-summary'))).toContain('AI Master plan');
    const pay = modal.getByRole('button', { name: 'Pay $14' });
    await waitVisible(pay);
    await pay.click();
    await waitForText(modal.getByTestId('card-payment-error'), 'Payment system is not ready yet.');
    expect(await page.getByTestId('processing-overlay').count()).toBe(0);
    expect(await modal.getByRole('button', { name: 'Pay on a secure checkout page' }).isEnabled()).toBe(true);

    await modal.getByRole('button', { name: 'Cancel' }).click();
    await waitHidden(modal);
    await page.context().close();
  });
});

describe('card provider return pages', () => {
  it('/payment-cancel: cancelled, no charges, Return to Home', async () => {
    const page = await openPage('/payment-cancel');
    await waitForTitle(page, 'Payment Cancelled');
    expect(await text(page.getByTestId('payment-result-message'))).toBe(
      'Your payment was cancelled. No charges were made.',
    );
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await waitForPath(page, '/');
    await page.context().close();
  });

  it('/payment-success without session_id: No session ID provided, Return to Home', async () => {
    const page = await openPage('/payment-success');
    await waitForTitle(page, 'Payment Verification Failed');
    expect(await text(page.getByTestId('payment-result-message'))).toBe('No session ID provided');
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await waitForPath(page, '/');
    expect(pathnameOf(page)).toBe('/');
    await page.context().close();
  });

  it("/payment-success with a session the server refuses: the server's error", async () => {
    const response = await fetch(new URL('/api/payment/verify', baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: 'cs_test_unknown' }),
    });
    const body = (await response.json()) as { error?: string };
    expect(response.ok).toBe(false);
    expect(body.error).toBeTruthy();

    const page = await openPage('/payment-success?session_id=cs_test_unknown');
    await waitForTitle(page, 'Payment Verification Failed');
    expect(await text(page.getByTestId('payment-result-message'))).toBe(body.error);
    expect(await page.getByRole('button', { name: 'Return to Home' }).isVisible()).toBe(true);
    await page.context().close();
  });
});
