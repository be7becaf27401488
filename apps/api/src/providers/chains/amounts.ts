// Crypto amounts in code are bigint base units (satoshi, wei, drops); decimal text at the edges and in
// the database (Decimal columns). No float ever holds an amount.
import type { CryptoCoin } from '@velvet/contracts/options';

/** Base units per coin: BTC 8 (satoshi), ETH 18 (wei), XRP 6 (drops). */
export const COIN_DECIMALS: Record<CryptoCoin, number> = { BTC: 8, ETH: 18, XRP: 6 };

export const COIN_NAMES: Record<CryptoCoin, string> = { BTC: 'Bitcoin', ETH: 'Ethereum', XRP: 'Ripple' };

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * '0.00123' -> 123000n at 8 decimals. Digits beyond `decimals` are refused unless `truncate` (prices,
 * where sub-unit digits carry no money).
 */
export function parseUnits(text: string, decimals: number, truncate = false): bigint {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) throw new Error(`not a decimal amount: ${text}`);
  const whole = match[1]!;
  let fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    if (!truncate && /[1-9]/.test(fraction.slice(decimals))) {
      throw new Error(`${text} has more than ${decimals} decimals`);
    }
    fraction = fraction.slice(0, decimals);
  }
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** 123000n at 8 decimals -> '0.00123000' (exactly `shown` decimals, which must not lose digits). */
export function formatUnits(value: bigint, decimals: number, shown = decimals): string {
  if (value < 0n) return `-${formatUnits(-value, decimals, shown)}`;
  const scale = 10n ** BigInt(decimals);
  const whole = value / scale;
  const fraction = (value % scale).toString().padStart(decimals, '0');
  const kept = fraction.slice(0, shown);
  if (/[1-9]/.test(fraction.slice(shown))) throw new Error(`${value} does not fit ${shown} decimals`);
  return shown > 0 ? `${whole}.${kept.padEnd(shown, '0')}` : whole.toString();
}

/** Coin base units as exact decimal text, trailing zeros dropped ('0.0012', '3'). */
export function unitsToDecimal(value: bigint, coin: CryptoCoin): string {
  const text = formatUnits(value, COIN_DECIMALS[coin]);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export function decimalToUnits(text: string, coin: CryptoCoin): bigint {
  return parseUnits(text, COIN_DECIMALS[coin]);
}

/** What the modal shows and copies: 8 decimals (the spec's precision). */
export const DISPLAY_DECIMALS = 8;

/** A quoted amount with exactly 8 decimals ('0.00012345', '12.34560000' for XRP). */
export function displayAmount(value: bigint, coin: CryptoCoin): string {
  const decimals = COIN_DECIMALS[coin];
  if (decimals >= DISPLAY_DECIMALS) return formatUnits(value, decimals, DISPLAY_DECIMALS);
  return formatUnits(value * 10n ** BigInt(DISPLAY_DECIMALS - decimals), DISPLAY_DECIMALS);
}

/** US$ prices are kept as bigint with 8 decimals. */
export const PRICE_DECIMALS = 8;

/**
 * The amount of a coin worth `usdCents` at `usdPerCoin` (8-decimal bigint), rounded UP to what the
 * modal can show (8 decimals, or the coin's own precision when smaller: XRP has 6), so the member never
 * sends less than the price because of rounding.
 */
export function quoteUnits(usdCents: number, usdPerCoin: bigint, coin: CryptoCoin): bigint {
  if (usdPerCoin <= 0n) throw new Error('price must be positive');
  const decimals = COIN_DECIMALS[coin];
  // usdCents * 10^6 is US$ with 8 decimals, the same scale as the price.
  const numerator = BigInt(usdCents) * 10n ** 6n * 10n ** BigInt(decimals);
  const exact = (numerator + usdPerCoin - 1n) / usdPerCoin;
  const quantum = 10n ** BigInt(decimals - Math.min(DISPLAY_DECIMALS, decimals));
  return ((exact + quantum - 1n) / quantum) * quantum;
}

/** `value` scaled by a percentage given as a JS number (config), rounded down, in base units. */
export function percentOf(value: bigint, percent: number): bigint {
  // Basis points of a basis point: the config's percentages have at most a few decimals.
  const ppm = BigInt(Math.round(percent * 10_000));
  return (value * ppm) / 1_000_000n;
}
