import { describe, expect, it } from 'vitest';
import { COIN_FAQ, SUBSCRIPTION_FAQ, toggleFaqItem } from './faq.ts';

describe('FAQ accordion state (one item open at a time)', () => {
  it('opens the clicked item and closes the open one', () => {
    expect(toggleFaqItem(null, 2)).toBe(2);
    expect(toggleFaqItem(2, 4)).toBe(4);
  });

  it('closes the open item when it is clicked again', () => {
    expect(toggleFaqItem(3, 3)).toBeNull();
  });

  it('opens the first item', () => {
    expect(toggleFaqItem(null, 0)).toBe(0);
  });
});

describe('FAQ content (spec section 9, policy claims)', () => {
  const text = (items: readonly { question: string; answer: string }[]) =>
    items.map((item) => `${item.question} ${item.answer}`).join('\n');

  it('the subscription FAQ states every policy claim', () => {
    const all = text(SUBSCRIPTION_FAQ);
    expect(all).toContain('14-day free trial');
    expect(all).toContain('30-day money-back guarantee');
    expect(all).toContain('Refund disputes must be raised within 30 days');
    expect(all).toContain('Coins are non-refundable');
    expect(all).toContain('limited to US$100');
    expect(all).toContain('18 or older');
    expect(all).toContain('within 24 hours');
    expect(all).toContain('Ontario, Canada');
  });

  it('the coin FAQ says coins are non-refundable and provided immediately', () => {
    const all = text(COIN_FAQ);
    expect(all).toContain('Coins are non-refundable');
    expect(all).toContain('provided immediately');
    expect(all).toContain('3,600 coins for $5');
    expect(all).toContain('support team will contact you');
  });

  it('questions are unique within each FAQ (they key the items)', () => {
    for (const faq of [SUBSCRIPTION_FAQ, COIN_FAQ]) {
      expect(new Set(faq.map((item) => item.question)).size).toBe(faq.length);
    }
  });
});
