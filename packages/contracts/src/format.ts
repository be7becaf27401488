// Pure display and id helpers shared by the web and the API. No DOM, no Node APIs: the only global used
// is crypto.getRandomValues, which browsers and Node 20 both provide. No zod either (the web app's first
// paint uses it): the id patterns come from ids.ts.
import { CRYPTO } from './catalog.ts';
import { IMAGE_ID_PATTERN, IMAGE_SERIAL_LENGTH, RUN_ID_PATTERN } from './ids.ts';
import { MAX_IMAGES_PER_REQUEST, RUN_ID_LENGTH } from './options.ts';

/**
 * Tenths of `n / unit`, rounded toward zero and always printed with one decimal. Truncating rather
 * than rounding means a count is never shown higher than it is (1,999 coins read 1.9K, not 2.0K).
 * Integer arithmetic keeps it exact (no 1.05 -> '1.0' float surprises).
 */
function tenths(n: number, unit: number): string {
  const t = Math.trunc((n * 10) / unit);
  return `${Math.trunc(t / 10)}.${t % 10}`;
}

function wholeNonNegative(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
}

/**
 * Coin balance: above 999 in thousands with one decimal and a K suffix (spec sections 1 and 9), so
 * 999 -> '999', 1000 -> '1.0K', 1500 -> '1.5K'. The spec has no M step for balances: 2,500,000 ->
 * '2500.0K'. Negative or non-finite input shows as '0'.
 */
export function formatBalance(n: number): string {
  const v = wholeNonNegative(n);
  return v > 999 ? `${tenths(v, 1000)}K` : String(v);
}

/**
 * Like count: K above 1,000 and M above 1,000,000, with one decimal (spec section 9). "Above" is read
 * literally, so exactly 1,000 stays '1000' and exactly 1,000,000 is '1000.0K'; 1,001 -> '1.0K'.
 */
export function formatLikeCount(n: number): string {
  const v = wholeNonNegative(n);
  if (v > 1_000_000) return `${tenths(v, 1_000_000)}M`;
  if (v > 1_000) return `${tenths(v, 1_000)}K`;
  return String(v);
}

/** Strength is shown with one decimal: 0.5 -> '0.5', 1 -> '1.0'. */
export function formatStrength(strength: number): string {
  return (Math.round(strength * 10) / 10).toFixed(1);
}

/** Crypto deposit for a US$ amount at coin_cnt_per_dollar, to 8 decimals (spec section 4). */
export function formatCryptoAmount(usd: number, coinsPerDollar: number): string {
  return (usd * coinsPerDollar).toFixed(CRYPTO.amountDecimals);
}

const RUN_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Largest multiple of 62 that fits a byte: bytes at or above it are dropped so every character is
// equally likely (byte % 62 alone would favour the first 8 characters).
const UNBIASED_BYTE_LIMIT = 256 - (256 % RUN_ID_ALPHABET.length);

/** Fills the array with random bytes, like crypto.getRandomValues. */
export type RandomFill = (bytes: Uint8Array) => Uint8Array;

const defaultRandom: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** A run_id: 32 random letters and digits. `random` is injectable for tests. */
export function generateRunId(random: RandomFill = defaultRandom): string {
  let id = '';
  const bytes = new Uint8Array(RUN_ID_LENGTH * 2);
  while (id.length < RUN_ID_LENGTH) {
    random(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      id += RUN_ID_ALPHABET[byte % RUN_ID_ALPHABET.length];
      if (id.length === RUN_ID_LENGTH) break;
    }
  }
  return id;
}

/** The image_id of the `serial`-th image (1..4) of a run: run_id + '001'..'004'. */
export function imageIdFor(runId: string, serial: number): string {
  if (!RUN_ID_PATTERN.test(runId)) {
    throw new RangeError(`run_id must be exactly ${RUN_ID_LENGTH} letters or digits`);
  }
  if (!Number.isInteger(serial) || serial < 1 || serial > MAX_IMAGES_PER_REQUEST) {
    throw new RangeError(`serial must be a whole number from 1 to ${MAX_IMAGES_PER_REQUEST}`);
  }
  return runId + String(serial).padStart(IMAGE_SERIAL_LENGTH, '0');
}

/** The image_ids of a run of `count` images, in serial order. */
export function imageIdsFor(runId: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => imageIdFor(runId, i + 1));
}

/** Splits an image_id into its run_id and serial; null when it is not a valid image_id. */
export function parseImageId(imageId: string): { runId: string; serial: number } | null {
  if (!IMAGE_ID_PATTERN.test(imageId)) return null;
  return { runId: imageId.slice(0, RUN_ID_LENGTH), serial: Number(imageId.slice(RUN_ID_LENGTH)) };
}
