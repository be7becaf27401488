// What the balance chip and the side panel's balance button read.
import { formatBalance } from '@velvet/contracts/format';
import type { LayoutUser } from './types.ts';

/** A balance above 999 shows in thousands with one decimal and a K; guests show 0. */
export function balanceText(user: LayoutUser | null): string {
  return formatBalance(user?.balance ?? 0);
}
