// A deposit through the hosted gateway (issue 16, docs/payments-crypto.md "Hosted gateway"): instead of
// an address of our own, NOWPayments gets an invoice for the US$ price (order_id = our deposit id, its
// IPNs to API_PATHS.nowPaymentsIpn) and then the invoice's payment in the chosen coin, whose address,
// amount and (XRP) destination tag the member is shown exactly as for a self-custody deposit. The row is
// written only once NOWPayments answered: a failed call leaves nothing behind for the member to pay.
// What happens next comes from the IPNs (nowpayments-ipn.ts); our chain watchers never look at it.
import type { CryptoCoin } from '@velvet/contracts/options';
import type { TCreateWalletResponse } from '@velvet/contracts/payment/create-wallet';
import { API_PATHS } from '@velvet/contracts/routes';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  COIN_DECIMALS,
  DISPLAY_DECIMALS,
  displayAmount,
  parseUnits,
  unitsToDecimal,
} from '../../providers/chains/amounts.ts';
import type { NowPaymentsGateway } from '../../providers/payments/nowpayments/gateway.ts';
import { insertDeposit } from '../../repositories/deposit.repository.ts';
import type { Purchase } from '../payments/catalog.ts';
import { coinNotAvailable, purchaseColumns, walletResponse } from './create-deposit.ts';
import type { DepositDeps } from './deps.ts';
import { usdText } from './rates.ts';

export const GATEWAY_NOWPAYMENTS = 'nowpayments';

/** NOWPayments' currency code of a coin. */
export const gatewayCurrency = (coin: CryptoCoin) => coin.toLowerCase();

/** An XRP destination tag is an unsigned 32-bit integer; the column and the contract take 1..2^31-1. */
function destinationTagOf(coin: CryptoCoin, extraId: string | null): number | null {
  if (coin !== 'XRP' || extraId === null) return null;
  const tag = /^\d{1,10}$/.test(extraId) ? Number(extraId) : NaN;
  if (!Number.isSafeInteger(tag) || tag < 1 || tag > 2 ** 31 - 1) {
    throw new Error(`NOWPayments gave an XRP destination tag we cannot store: ${extraId}`);
  }
  return tag;
}

/**
 * NOWPayments' amount in base units, rounded up to what the modal shows (8 decimals, or the coin's
 * own precision): the member never sends less than asked because of rounding.
 */
function requestedUnits(coin: CryptoCoin, payAmount: string): bigint {
  const decimals = COIN_DECIMALS[coin];
  const exact = parseUnits(payAmount, decimals, true);
  const truncatedAway = parseUnits(payAmount, 30, true) !== exact * 10n ** BigInt(30 - decimals);
  const units = truncatedAway ? exact + 1n : exact;
  const quantum = 10n ** BigInt(decimals - Math.min(DISPLAY_DECIMALS, decimals));
  return ((units + quantum - 1n) / quantum) * quantum;
}

export interface GatewayDepositRequest {
  memberId: string;
  coin: CryptoCoin;
  purchase: Purchase;
  origin: string;
  log?: Pick<Logger, 'warn'>;
  now: Date;
}

export async function createGatewayDeposit(
  deps: DepositDeps,
  gateway: NowPaymentsGateway,
  request: GatewayDepositRequest,
): Promise<TCreateWalletResponse> {
  const { coin, purchase, now } = request;
  // Our id before the row exists: NOWPayments carries it back as order_id in every IPN.
  const id = randomUUID();
  const title =
    purchase.kind === 'membership' ? `${purchase.plan.name} (${purchase.period})` : `${purchase.coins} coins`;
  let payment;
  try {
    const invoice = await gateway.client.createInvoice({
      priceAmountCents: purchase.usdCents,
      priceCurrency: 'usd',
      orderId: id,
      orderDescription: `Velvet: ${title}`,
      ipnCallbackUrl: `${request.origin}${API_PATHS.nowPaymentsIpn}`,
      successUrl: `${request.origin}/`,
      cancelUrl: `${request.origin}/`,
    });
    payment = await gateway.client.createInvoicePayment({ invoiceId: invoice.id, payCurrency: gatewayCurrency(coin) });
    if (payment.payCurrency !== gatewayCurrency(coin)) {
      throw new Error(`NOWPayments answered a payment in ${payment.payCurrency}, not ${gatewayCurrency(coin)}`);
    }
  } catch (err) {
    request.log?.warn({ err, coin, depositId: id }, 'NOWPayments could not create the deposit');
    throw coinNotAvailable(coin);
  }

  const requested = requestedUnits(coin, payment.payAmount);
  const destinationTag = destinationTagOf(coin, payment.payinExtraId);
  const ourExpiry = new Date(now.getTime() + deps.config.DEPOSIT_EXPIRY_MINUTES * 60_000);
  const deposit = await insertDeposit(deps.db, {
    id,
    memberId: request.memberId,
    coin,
    address: payment.payAddress,
    destinationTag,
    derivationIndex: null,
    ...purchaseColumns(purchase),
    requestedAmount: unitsToDecimal(requested, coin),
    // NOWPayments' own quote (the price over its amount), so rate and source agree for support.
    usdPerCoin: usdText((BigInt(purchase.usdCents) * 10n ** BigInt(6 + COIN_DECIMALS[coin])) / requested),
    rateSource: GATEWAY_NOWPAYMENTS,
    // NOWPayments decides when an unpaid payment expires; the modal counts down to its estimate.
    expiresAt: payment.expiresAt ?? ourExpiry,
    gateway: GATEWAY_NOWPAYMENTS,
    gatewayRef: payment.paymentId,
  });
  return walletResponse(deposit, coin, displayAmount(requested, coin), gateway.sandbox);
}
