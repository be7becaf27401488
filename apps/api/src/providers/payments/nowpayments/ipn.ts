// NOWPayments IPN (instant payment notification): verifying `x-nowpayments-sig` and reading the body
// into a typed payment update (issue 16, "NOWPayments"; docs/payments-crypto.md for what a deposit does
// with it). The signature is a hex HMAC-SHA512, keyed with the IPN secret, over the JSON body re-encoded
// with its keys sorted. NOWPayments' documentation has described the sort two ways over the years:
//   - `JSON.stringify(params, Object.keys(params).sort())` (older "Instant Payments Notifications" text:
//     the replacer array also filters nested objects down to those key names), and
//   - a recursive sort (current docs' `sortObject`, PHP `tksort`; the official Node SDK's
//     `sortObjectDeep`, NowPaymentsIO/nowpayments-sdk-nodejs src/ipn.js).
// Both are accepted, and so is a top-level-only sort (PHP `ksort`, the official WooCommerce plugin).
// Every form covers every top-level scalar, which is all parseIpnPayment reads.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../index.ts';
import { NOWPAYMENTS_STATUSES, type NowPaymentsStatus } from './status.ts';

export const NOWPAYMENTS_SIGNATURE_HEADER = 'x-nowpayments-sig';

/** How the body was re-encoded before signing (see the file comment). */
export type IpnSignatureForm = 'recursive' | 'top-level' | 'replacer';
export const IPN_SIGNATURE_FORMS: readonly IpnSignatureForm[] = ['recursive', 'top-level', 'replacer'];

type JsonObject = Record<string, unknown>;

const isPlainObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortDeep(value[key])]),
  );
}

/** The exact text NOWPayments signs for `body` in the given form. */
export function canonicalIpnBody(body: JsonObject, form: IpnSignatureForm): string {
  const keys = Object.keys(body).sort();
  switch (form) {
    case 'recursive':
      return JSON.stringify(sortDeep(body));
    case 'top-level':
      return JSON.stringify(Object.fromEntries(keys.map((key) => [key, body[key]])));
    case 'replacer':
      return JSON.stringify(body, keys);
  }
}

/** Hex HMAC-SHA512 of the canonical body. The secret is trimmed, as NOWPayments' own examples do. */
export function signIpnBody(body: JsonObject, ipnSecret: string, form: IpnSignatureForm = 'recursive'): string {
  return createHmac('sha512', ipnSecret.trim()).update(canonicalIpnBody(body, form)).digest('hex');
}

export type IpnVerification =
  | { ok: true; form: IpnSignatureForm; body: JsonObject }
  | { ok: false; reason: 'missing-signature' | 'malformed-signature' | 'malformed-body' | 'bad-signature' };

const SIGNATURE = /^[0-9a-f]{128}$/;

/**
 * Checks the header against every accepted form of the raw body, in constant time per comparison.
 * The body is parsed here (not by the caller's framework) so what is verified is what is read.
 */
export function verifyIpnSignature(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  ipnSecret: string,
): IpnVerification {
  if (!ipnSecret.trim()) throw new Error('NOWPayments IPN secret is empty');
  const header = (Array.isArray(signature) ? signature[0] : signature)?.trim().toLowerCase();
  if (!header) return { ok: false, reason: 'missing-signature' };
  if (!SIGNATURE.test(header)) return { ok: false, reason: 'malformed-signature' };
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed-body' };
  }
  if (!isPlainObject(body)) return { ok: false, reason: 'malformed-body' };
  const received = Buffer.from(header, 'hex');
  // Every form is computed and compared, so the time taken does not depend on which one matched.
  let matched: IpnSignatureForm | null = null;
  for (const form of IPN_SIGNATURE_FORMS) {
    const expected = Buffer.from(signIpnBody(body, ipnSecret, form), 'hex');
    if (timingSafeEqual(expected, received) && matched === null) matched = form;
  }
  return matched ? { ok: true, form: matched, body } : { ok: false, reason: 'bad-signature' };
}

/** A payment as an IPN (or GET /v1/payment/{id}) describes it. Amounts are exact decimal text. */
export interface NowPaymentsPaymentUpdate {
  paymentId: string;
  /** A re-deposit to an earlier payment's address names that payment here. */
  parentPaymentId: string | null;
  invoiceId: string | null;
  /** Ours: what createInvoice was given (the deposit id). */
  orderId: string | null;
  orderDescription: string | null;
  /** null for a status this code does not know (it is then ignored, see status.ts). */
  status: NowPaymentsStatus | null;
  rawStatus: string;
  payAddress: string | null;
  /** What the buyer was asked to send, in payCurrency. */
  payAmount: string | null;
  /** What arrived, in payCurrency. */
  actuallyPaid: string | null;
  payCurrency: string | null;
  /** The invoice price, in priceCurrency (fiat). */
  priceAmount: string | null;
  priceCurrency: string | null;
  actuallyPaidAtFiat: string | null;
  /** What settles to the merchant's wallet, in outcomeCurrency. */
  outcomeAmount: string | null;
  outcomeCurrency: string | null;
  purchaseId: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

/** Thrown for a signed body that is not a payment update we can read: answered 400, nothing done. */
export class IpnPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpnPayloadError';
  }
}

/**
 * A JSON number as exact decimal text. NOWPayments writes amounts as JSON numbers (sometimes strings);
 * String() gives the shortest text that reads back as the same double, which is the text the sender's
 * JSON.stringify wrote, but may use an exponent ('1e-7'), expanded here.
 */
export function decimalText(value: unknown): string | null {
  if (value === null || value === undefined || value === '' || value === 'null') return null;
  if (typeof value === 'string') {
    if (!/^-?\d+(\.\d+)?$/.test(value.trim())) throw new IpnPayloadError(`not a decimal amount: ${value}`);
    return value.trim();
  }
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new IpnPayloadError(`not an amount: ${String(value)}`);
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exp] = match;
  const digits = whole! + fraction;
  const point = whole!.length + Number(exp);
  const expanded =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + expanded.replace(/^0+(?=\d)/, '');
}

const idText = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value)
    : typeof value === 'string' && value !== '' && value !== 'null'
      ? value
      : null;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const lower = (value: unknown): string | null => text(value)?.toLowerCase() ?? null;
const date = (value: unknown): Date | null => {
  const parsed = typeof value === 'string' ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
};

/** Reads a (verified) IPN body or a payment-status answer. Only top-level fields are read. */
export function parseIpnPayment(body: unknown): NowPaymentsPaymentUpdate {
  if (!isPlainObject(body)) throw new IpnPayloadError('the IPN body is not a JSON object');
  const paymentId = idText(body.payment_id);
  if (!paymentId) throw new IpnPayloadError('the IPN has no payment_id (not a payment notification)');
  const rawStatus = text(body.payment_status);
  if (!rawStatus) throw new IpnPayloadError('the IPN has no payment_status');
  const status = (NOWPAYMENTS_STATUSES as readonly string[]).includes(rawStatus)
    ? (rawStatus as NowPaymentsStatus)
    : null;
  return {
    paymentId,
    parentPaymentId: idText(body.parent_payment_id),
    invoiceId: idText(body.invoice_id),
    orderId: idText(body.order_id),
    orderDescription: text(body.order_description),
    status,
    rawStatus,
    payAddress: text(body.pay_address),
    payAmount: decimalText(body.pay_amount),
    actuallyPaid: decimalText(body.actually_paid),
    payCurrency: lower(body.pay_currency),
    priceAmount: decimalText(body.price_amount),
    priceCurrency: lower(body.price_currency),
    actuallyPaidAtFiat: decimalText(body.actually_paid_at_fiat),
    outcomeAmount: decimalText(body.outcome_amount),
    outcomeCurrency: lower(body.outcome_currency),
    purchaseId: idText(body.purchase_id),
    createdAt: date(body.created_at),
    updatedAt: date(body.updated_at),
  };
}

/**
 * What the IPN route does with a request: verify, then read. A missing or wrong signature throws
 * WebhookSignatureError (400, nothing done, logged), as the card webhooks do.
 */
export function readIpn(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  ipnSecret: string,
): NowPaymentsPaymentUpdate {
  const verified = verifyIpnSignature(rawBody, signature, ipnSecret);
  if (!verified.ok) throw new WebhookSignatureError(`NOWPayments IPN refused: ${verified.reason}`);
  return parseIpnPayment(verified.body);
}
