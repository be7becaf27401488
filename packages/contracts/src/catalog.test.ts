import { describe, expect, it } from 'vitest';
import { PLANS, planDepositUsd, yearlySavingUsd } from './catalog.ts';

describe('yearlySavingUsd: the true saving a yearly card states', () => {
  it.each(PLANS.map((plan) => [plan.name, plan] as const))(
    '%s: twelve monthly payments minus the yearly bill',
    (_name, plan) => {
      const twelveMonths = planDepositUsd(plan, 'monthly') * 12;
      const yearlyBill = planDepositUsd(plan, 'yearly');
      expect(yearlySavingUsd(plan)).toBe(twelveMonths - yearlyBill);
      // A saving the page can state: positive whole dollars, less than a year of monthly payments.
      expect(Number.isInteger(yearlySavingUsd(plan))).toBe(true);
      expect(yearlySavingUsd(plan)).toBeGreaterThan(0);
      expect(yearlySavingUsd(plan)).toBeLessThan(twelveMonths);
    },
  );
});
