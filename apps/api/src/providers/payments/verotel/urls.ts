// Verotel FlexPay requests (issue 16, "Verotel FlexPay adapter"): the signed redirect URLs a buyer is sent
// to (startorder for one-off purchases and subscriptions, cancel-subscription) and the signed salestatus
// call the server makes before saying a payment succeeded, with the answer's parser. Parameter names,
// paths and protocol version are those of the official clients (verotel/flexpay-php-client Client.php and
// Brand/Base.php, verotel/flexpay4j FlexPayClient.kt); the base URL is configurable so a fake can stand in.
import { signRequest, type FlexPayParams } from './signature.ts';

/** FlexPay protocol version the official clients send (`version=4`). */
export const FLEXPAY_PROTOCOL_VERSION = '4';
/** Verotel's own brand; CardBilling, Bill... differ only by this host (Brand/*.php). */
export const VEROTEL_BASE_URL = 'https://secure.verotel.com';

export const FLEXPAY_PATHS = {
  startOrder: '/startorder',
  saleStatus: '/salestatus',
  cancelSubscription: '/cancel-subscription',
} as const;

/** Sale currencies FlexPay accepts (flexpay4j SaleCurrency). */
export const FLEXPAY_CURRENCIES = ['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'CHF', 'DKK', 'NOK', 'SEK'] as const;
export type FlexPayCurrency = (typeof FLEXPAY_CURRENCIES)[number];

/** The membership periods this product sells; FlexPay takes any ISO 8601 duration of 7 days or more. */
export type FlexPayPeriod = 'P1M' | 'P1Y';

export interface FlexPayConfig {
  /** https://secure.verotel.com, or a fake's URL. */
  baseUrl: string;
  /** The website's shop ID in Verotel's Control Center. */
  shopId: string;
  /** The website's FlexPay signature key. */
  signatureKey: string;
}

/** Thrown for a request this module will not build (a caller's mistake, never buyer input). */
export class FlexPayRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlexPayRequestError';
  }
}

/** Integer cents -> FlexPay's `nnn.nn`. */
export function formatPriceAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new FlexPayRequestError(`amount must be a non-negative integer of cents, got ${cents}`);
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** FlexPay's decimal amount (`12.31`, `6.9`, `10`) -> integer cents; null when it is not one. */
export function parsePriceAmount(value: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

interface OrderCommon {
  amountCents: number;
  currency: FlexPayCurrency;
  /** Our unique order reference, echoed in every postback and usable for salestatus. */
  referenceID: string;
  successURL?: string;
  declineURL?: string;
  /** Prefills the order page; sent but not signed. */
  email?: string;
  custom1?: string;
  custom2?: string;
  custom3?: string;
  /** CC, DDEU...; when absent the buyer chooses on the order page. */
  paymentMethod?: string;
}

export interface PurchaseOrder extends OrderCommon {
  /** Shown on the order page, at most 100 printable characters. */
  description: string;
}

export interface SubscriptionOrder extends OrderCommon {
  /** Shown on the order page (FlexPay's `name` for subscriptions), at most 100 printable characters. */
  name: string;
  period: FlexPayPeriod;
  /** recurring: rebilled every period until cancelled; one-time: expires after one period. */
  subscriptionType?: 'recurring' | 'one-time';
}

export type SaleLookup = { saleID: string } | { referenceID: string };

function baseOf(config: FlexPayConfig): string {
  return config.baseUrl.replace(/\/+$/, '');
}

/**
 * A signed FlexPay URL: version and shopID added, empty values dropped, parameters sorted by name and
 * form-encoded (URLSearchParams encodes as flexpay4j's URLEncoder does), signature last.
 */
export function buildSignedUrl(config: FlexPayConfig, path: string, params: FlexPayParams): string {
  const complete: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...params, version: FLEXPAY_PROTOCOL_VERSION })) {
    if (value !== null && value !== undefined && value !== '') complete[name] = String(value);
  }
  complete.shopID ??= config.shopId;
  const query = new URLSearchParams(Object.entries(complete).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  query.append('signature', signRequest(config.signatureKey, complete));
  return `${baseOf(config)}${path}?${query.toString()}`;
}

function commonParams(order: OrderCommon): FlexPayParams {
  return {
    priceAmount: formatPriceAmount(order.amountCents),
    priceCurrency: order.currency,
    referenceID: order.referenceID,
    successURL: order.successURL,
    declineURL: order.declineURL,
    email: order.email,
    custom1: order.custom1,
    custom2: order.custom2,
    custom3: order.custom3,
    paymentMethod: order.paymentMethod,
  };
}

/** startorder for a one-off purchase (a coin pack). */
export function buildPurchaseUrl(config: FlexPayConfig, order: PurchaseOrder): string {
  return buildSignedUrl(config, FLEXPAY_PATHS.startOrder, {
    ...commonParams(order),
    type: 'purchase',
    description: order.description,
  });
}

/** startorder for a subscription (a membership plan). */
export function buildSubscriptionUrl(config: FlexPayConfig, order: SubscriptionOrder): string {
  return buildSignedUrl(config, FLEXPAY_PATHS.startOrder, {
    ...commonParams(order),
    type: 'subscription',
    subscriptionType: order.subscriptionType ?? 'recurring',
    period: order.period,
    name: order.name,
  });
}

/** salestatus, by Verotel's saleID or our referenceID (one of them, not both). */
export function buildStatusUrl(config: FlexPayConfig, lookup: SaleLookup): string {
  return buildSignedUrl(config, FLEXPAY_PATHS.saleStatus, { ...lookup });
}

/** cancel-subscription: the buyer is sent here to stop future rebills of a sale. */
export function buildCancelSubscriptionUrl(config: FlexPayConfig, sale: { saleID: string }): string {
  return buildSignedUrl(config, FLEXPAY_PATHS.cancelSubscription, { saleID: sale.saleID });
}

/** The salestatus answer, reduced to what the product decides on; `fields` keeps every line. */
export type FlexPaySaleStatus =
  | {
      response: 'FOUND';
      saleID: string | null;
      referenceID: string | null;
      /** APPROVED once money was taken; anything else is not a payment. */
      saleResult: string | null;
      approved: boolean;
      /** purchase or subscription */
      type: string | null;
      amountCents: number | null;
      currency: string | null;
      fields: Record<string, string>;
    }
  | { response: 'NOTFOUND'; fields: Record<string, string> }
  | { response: 'ERROR'; message: string; fields: Record<string, string> };

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && (trimmed[0] === '"' || trimmed[0] === "'") && trimmed.at(-1) === trimmed[0]) {
    return trimmed.slice(1, -1);
  }
  return trimmed;
}

/**
 * Parses salestatus's text/plain answer: one `key: value` per line (flat YAML, as flexpay4j's docs say),
 * `response` being FOUND, NOTFOUND or ERROR. Never throws: an unreadable body is an ERROR.
 */
export function parseStatusResponse(body: string): FlexPaySaleStatus {
  const fields: Record<string, string> = {};
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim() === '---' || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields[line.slice(0, colon).trim()] = unquote(line.slice(colon + 1));
  }
  const response = fields.response?.toUpperCase();
  if (response === 'NOTFOUND') return { response: 'NOTFOUND', fields };
  if (response !== 'FOUND') {
    return { response: 'ERROR', message: fields.error ?? fields.message ?? 'unreadable salestatus answer', fields };
  }
  const saleResult = fields.saleResult ?? null;
  const amount = fields.priceAmount ?? fields.amount;
  return {
    response: 'FOUND',
    saleID: fields.saleID ?? null,
    referenceID: fields.referenceID ?? null,
    saleResult,
    approved: saleResult?.toUpperCase() === 'APPROVED',
    type: fields.type ?? null,
    amountCents: amount === undefined ? null : parsePriceAmount(amount),
    currency: fields.priceCurrency ?? fields.currency ?? null,
    fields,
  };
}

export interface FetchSaleStatusOptions {
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
}

/** Asks salestatus about a sale; a transport or HTTP failure is an ERROR answer, never a throw. */
export async function fetchSaleStatus(
  config: FlexPayConfig,
  lookup: SaleLookup,
  options: FetchSaleStatusOptions = {},
): Promise<FlexPaySaleStatus> {
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    const res = await doFetch(buildStatusUrl(config, lookup), options.signal ? { signal: options.signal } : {});
    const body = await res.text();
    const status = parseStatusResponse(body);
    if (res.ok) return status;
    // An HTTP error may still carry `error: ...` (a refused signature): keep it for the log.
    const reason = status.response === 'ERROR' ? status.fields.error : undefined;
    const message = `salestatus answered HTTP ${res.status}${reason ? `: ${reason}` : ''}`;
    return { response: 'ERROR', message, fields: status.fields };
  } catch (err) {
    return { response: 'ERROR', message: `salestatus unreachable: ${String(err)}`, fields: {} };
  }
}
