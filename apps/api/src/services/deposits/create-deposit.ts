// POST /api/v2/wallet/create/:coin: prices the purchase from the catalogue, quotes it in the coin at
// the server's own rate, hands out a fresh address (or the XRP address with a fresh tag) and records
// the deposit the chain watcher will follow. The client's amount is only compared, never used. With
// the hosted gateway configured, NOWPayments hands out the address and amount instead
// (gateway-deposit.ts); the checks before it and the answer's shape are the same.
import type { BillingPeriod } from '@velvet/contracts/catalog';
import type { CryptoCoin } from '@velvet/contracts/options';
import type { TCreateWalletRequestParsed, TCreateWalletResponse } from '@velvet/contracts/payment/create-wallet';
import type { Logger } from 'pino';
import { AppError, badRequest } from '../../errors.ts';
import {
  COIN_NAMES,
  DISPLAY_DECIMALS,
  displayAmount,
  parseUnits,
  percentOf,
  quoteUnits,
  unitsToDecimal,
  COIN_DECIMALS,
} from '../../providers/chains/amounts.ts';
import type { Chain } from '../../providers/chains/index.ts';
import { countOpenDeposits, insertDeposit, nextDepositNumber } from '../../repositories/deposit.repository.ts';
import { coinPackPurchase, membershipPurchase, type Purchase } from '../payments/catalog.ts';
import type { DepositDeps } from './deps.ts';
import { createGatewayDeposit } from './gateway-deposit.ts';
import { currentUsdRate, usdText } from './rates.ts';

/**
 * Unpaid addresses one member may hold per coin. Each address handed out and never paid widens the gap
 * an HD wallet must scan to find later payments, so a member (or a script) cannot mint them in bulk.
 * A soft limit: two requests at the same instant may both pass.
 */
export const MAX_OPEN_DEPOSITS_PER_COIN = 20;

export function coinNotAvailable(coin: CryptoCoin): AppError {
  return new AppError(503, `${COIN_NAMES[coin]} payments are not available right now.`);
}

export function requireChain(deps: Pick<DepositDeps, 'chains'>, coin: CryptoCoin): Chain {
  const chain = deps.chains[coin];
  if (!chain) throw coinNotAvailable(coin);
  return chain;
}

/** A coin is on offer through the hosted gateway (every coin) or through its own chain. */
export function requireCoin(deps: Pick<DepositDeps, 'chains' | 'cryptoGateway'>, coin: CryptoCoin): void {
  if (!deps.cryptoGateway) requireChain(deps, coin);
}

/**
 * What the deposit buys. A plan by service_title and period_unit; a coin pack by the coin amount that
 * starts its service_title ('3600', '3600 coins', '12,000 coins').
 */
export function purchaseOfRequest(
  body: Pick<TCreateWalletRequestParsed, 'service_kind' | 'service_title' | 'period_unit'>,
): Purchase {
  if (body.service_kind === 'membership') {
    return membershipPurchase(body.service_title, body.period_unit as BillingPeriod, 'service_title');
  }
  const match = /^(\d[\d,]*)/.exec(body.service_title.trim());
  const coins = match ? Number(match[1]!.replaceAll(',', '')) : NaN;
  return coinPackPurchase(coins, 'service_title');
}

export function instructionsFor(coin: CryptoCoin, amount: string, address: string, tag: number | null): string {
  const base = `Send exactly ${amount} ${coin} to ${address}`;
  return tag === null
    ? `${base}.`
    : `${base} with destination tag ${tag}. Without this tag the payment cannot be matched to your order.`;
}

/**
 * `gateway.origin` (PUBLIC_URL or the request's) is where the hosted gateway sends its notifications
 * and `gateway.log` where its failures are told; the self-custody path uses neither.
 */
export async function createDeposit(
  deps: DepositDeps,
  memberId: string,
  pathCoin: CryptoCoin,
  body: TCreateWalletRequestParsed,
  now = new Date(),
  gateway: { origin: string; log?: Pick<Logger, 'warn'> } = { origin: '' },
): Promise<TCreateWalletResponse> {
  if (body.coin_type !== pathCoin) {
    throw badRequest(`coin_type must match the coin in the path (${pathCoin})`, 'coin_type');
  }
  requireCoin(deps, pathCoin);
  const purchase = purchaseOfRequest(body);
  const rate = await currentUsdRate(deps, pathCoin);
  const requested = quoteUnits(purchase.usdCents, rate.usdPerCoin, pathCoin);

  // The client computed price x rate a moment ago; beyond the tolerance it is quoting something else.
  const decimals = COIN_DECIMALS[pathCoin];
  const clientText = body.request_coin_cnt.toFixed(DISPLAY_DECIMALS);
  // toFixed gives exponent notation past 1e21: no such amount can match.
  const client = /^\d+\.\d+$/.test(clientText) ? parseUnits(clientText, decimals, true) : -1n;
  const drift = client > requested ? client - requested : requested - client;
  if (client < 0n || drift > percentOf(requested, deps.config.DEPOSIT_QUOTE_TOLERANCE_PERCENT)) {
    throw badRequest(
      `request_coin_cnt does not match this purchase at the current rate (${displayAmount(requested, pathCoin)} ${pathCoin}); reload the page and try again`,
      'request_coin_cnt',
    );
  }

  if ((await countOpenDeposits(deps.db, memberId, pathCoin, now)) >= MAX_OPEN_DEPOSITS_PER_COIN) {
    throw new AppError(
      429,
      `You have ${MAX_OPEN_DEPOSITS_PER_COIN} unpaid ${COIN_NAMES[pathCoin]} deposits open. Pay one of them or wait until they expire.`,
    );
  }

  if (deps.cryptoGateway) {
    return createGatewayDeposit(deps, deps.cryptoGateway, {
      memberId,
      coin: pathCoin,
      purchase,
      now,
      ...gateway,
    });
  }

  const chain = requireChain(deps, pathCoin);
  // nextval() outside the insert's fate: a number is consumed even if the insert fails, never reused.
  const n = await nextDepositNumber(deps.db, pathCoin);
  const target = chain.addresses.targetFor(n);
  const deposit = await insertDeposit(deps.db, {
    memberId,
    coin: pathCoin,
    address: target.address,
    destinationTag: target.destinationTag,
    derivationIndex: target.derivationIndex,
    ...purchaseColumns(purchase),
    requestedAmount: unitsToDecimal(requested, pathCoin),
    usdPerCoin: usdText(rate.usdPerCoin),
    rateSource: `${rate.source === 'override' ? 'override' : deps.priceFeed.name}`,
    expiresAt: new Date(now.getTime() + deps.config.DEPOSIT_EXPIRY_MINUTES * 60_000),
  });
  return walletResponse(
    deposit,
    pathCoin,
    displayAmount(requested, pathCoin),
    chain.demo || deps.priceFeed.name === 'demo',
  );
}

/** A deposit row's columns for what it pays for (the spec's service_kind, service_title, period_unit). */
export function purchaseColumns(purchase: Purchase) {
  return {
    serviceKind: purchase.kind,
    serviceTitle: purchase.kind === 'membership' ? purchase.plan.name.toLowerCase() : String(purchase.coins),
    periodUnit: purchase.kind === 'membership' ? purchase.period : '',
    coins: purchase.coins,
    usdAmountCents: purchase.usdCents,
  };
}

/** The wallet modal's answer for a stored deposit, whoever watches it. */
export function walletResponse(
  deposit: { id: string; address: string; destinationTag: number | null; expiresAt: Date },
  coin: CryptoCoin,
  amount: string,
  isDemo: boolean,
): TCreateWalletResponse {
  return {
    wallet_address: deposit.address,
    request_coin_cnt: Number(amount),
    request_coin_text: amount,
    destination_tag: deposit.destinationTag,
    instructions: instructionsFor(coin, amount, deposit.address, deposit.destinationTag),
    deposit_id: deposit.id,
    coin,
    expires_at: deposit.expiresAt.toISOString(),
    is_demo: isDemo,
  };
}
