import { describe, expect, it } from 'vitest';
import { balanceText } from './balance.ts';

const user = (balance: number) => ({ nickname: 'Luna', balance });

describe('balanceText', () => {
  it('shows up to 999 coins as is', () => {
    expect(balanceText(user(0))).toBe('0');
    expect(balanceText(user(999))).toBe('999');
  });

  it('shows more than 999 in thousands with one decimal and K', () => {
    expect(balanceText(user(1000))).toBe('1.0K');
    expect(balanceText(user(1500))).toBe('1.5K');
    expect(balanceText(user(12_540))).toBe('12.5K');
  });

  it('shows 0 for a guest', () => {
    expect(balanceText(null)).toBe('0');
  });
});
