// The rate the wallet calls use: an admin override when one is set, else the price feed cached in
// Redis for RATE_CACHE_SECONDS; while the feed fails, a cached price up to RATE_MAX_STALE_SECONDS old;
// otherwise 503. Prices are 8-decimal bigints in code and decimal text in Redis and PostgreSQL.
import { CRYPTO_COINS, type CryptoCoin } from '@velvet/contracts/options';
import { AppError } from '../../errors.ts';
import { COIN_NAMES, formatUnits, parseUnits, PRICE_DECIMALS } from '../../providers/chains/amounts.ts';
import { deleteRateOverride, findRateOverride, upsertRateOverride } from '../../repositories/deposit.repository.ts';
import type { DepositDeps } from './deps.ts';

export type RateSource = 'override' | 'feed' | 'cache' | 'stale-cache';

export interface UsdRate {
  coin: CryptoCoin;
  /** US$ per coin, 8 decimals. */
  usdPerCoin: bigint;
  source: RateSource;
}

interface CachedPrice {
  usd: string;
  /** ms since epoch when the feed answered. */
  at: number;
}

const cacheKey = (deps: DepositDeps, coin: CryptoCoin) => `rates:usd:${deps.priceFeed.name}:${coin}`;

/** In-process single flight: concurrent misses share one feed call. */
const inFlight = new WeakMap<DepositDeps, Promise<Record<CryptoCoin, string>>>();

async function fetchAll(deps: DepositDeps): Promise<Record<CryptoCoin, string>> {
  let pending = inFlight.get(deps);
  if (!pending) {
    pending = deps.priceFeed.fetchUsdPrices(CRYPTO_COINS).finally(() => inFlight.delete(deps));
    inFlight.set(deps, pending);
  }
  const prices = await pending;
  const at = Date.now();
  const ttl = Math.max(deps.config.RATE_CACHE_SECONDS, deps.config.RATE_MAX_STALE_SECONDS);
  const multi = deps.redis.multi();
  for (const coin of CRYPTO_COINS) {
    multi.set(cacheKey(deps, coin), JSON.stringify({ usd: prices[coin], at } satisfies CachedPrice), 'EX', ttl);
  }
  await multi.exec().catch(() => undefined);
  return prices;
}

async function readCache(deps: DepositDeps, coin: CryptoCoin): Promise<CachedPrice | null> {
  const text = await deps.redis.get(cacheKey(deps, coin)).catch(() => null);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as CachedPrice;
    return typeof parsed.usd === 'string' && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function ratesUnavailable(coin: CryptoCoin): AppError {
  return new AppError(503, `${COIN_NAMES[coin]} prices are unavailable right now. Please try again in a minute.`);
}

/** The current rate of `coin`; 503 when neither an override, the feed nor a usable cache answers. */
export async function currentUsdRate(deps: DepositDeps, coin: CryptoCoin, now = Date.now()): Promise<UsdRate> {
  const override = await findRateOverride(deps.db, coin);
  if (override)
    return { coin, usdPerCoin: parseUnits(override.usdPerCoin.toFixed(), PRICE_DECIMALS, true), source: 'override' };
  const cached = await readCache(deps, coin);
  if (cached && now - cached.at < deps.config.RATE_CACHE_SECONDS * 1000) {
    return { coin, usdPerCoin: parseUnits(cached.usd, PRICE_DECIMALS, true), source: 'cache' };
  }
  try {
    const prices = await fetchAll(deps);
    return { coin, usdPerCoin: parseUnits(prices[coin], PRICE_DECIMALS, true), source: 'feed' };
  } catch (err) {
    if (cached && now - cached.at < deps.config.RATE_MAX_STALE_SECONDS * 1000) {
      return { coin, usdPerCoin: parseUnits(cached.usd, PRICE_DECIMALS, true), source: 'stale-cache' };
    }
    const error = ratesUnavailable(coin);
    error.cause = err;
    throw error;
  }
}

/** The contract's coin_cnt_per_dollar: how many coins one US$ buys (a display number, not stored). */
export function coinsPerDollar(rate: UsdRate): number {
  return 1 / Number(formatUnits(rate.usdPerCoin, PRICE_DECIMALS));
}

export const usdText = (usdPerCoin: bigint) => formatUnits(usdPerCoin, PRICE_DECIMALS);

export async function setRateOverride(deps: DepositDeps, coin: CryptoCoin, usdPerCoin: string, adminId: string) {
  const value = parseUnits(usdPerCoin, PRICE_DECIMALS);
  if (value <= 0n) throw new AppError(400, 'usd_per_coin must be greater than 0', 'usd_per_coin');
  await upsertRateOverride(deps.db, coin, formatUnits(value, PRICE_DECIMALS), adminId);
  return describeRate(deps, coin);
}

export async function clearRateOverride(deps: DepositDeps, coin: CryptoCoin) {
  await deleteRateOverride(deps.db, coin);
  return describeRate(deps, coin);
}

/** What support sees for one coin: the rate in use and the override, if any. */
export async function describeRate(deps: DepositDeps, coin: CryptoCoin) {
  const override = await findRateOverride(deps.db, coin);
  let rate: UsdRate | null = null;
  try {
    rate = await currentUsdRate(deps, coin);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  return {
    coin,
    usd_per_coin: rate ? usdText(rate.usdPerCoin) : null,
    coin_cnt_per_dollar: rate ? coinsPerDollar(rate) : null,
    source: rate?.source ?? 'unavailable',
    override: override
      ? {
          usd_per_coin: override.usdPerCoin.toFixed(PRICE_DECIMALS),
          set_by: override.setBy,
          updated_at: override.updatedAt.toISOString(),
        }
      : null,
  };
}

export async function listRates(deps: DepositDeps) {
  return { feed: deps.priceFeed.name, list: await Promise.all(CRYPTO_COINS.map((coin) => describeRate(deps, coin))) };
}
