// Verotel FlexPay signatures (issue 16, "Verotel FlexPay adapter"), as Verotel's official clients compute
// them (github.com/verotel/flexpay-php-client src/Verotel/FlexPay/Client.php, github.com/verotel/flexpay4j
// FlexPayClient.kt): lowercase hex SHA-256 of `key` + `:` + the parameters sorted by name and joined as
// `name=value` with `:`, values raw UTF-8 (not URL-encoded). Requests sign only the official signed keys;
// postbacks are verified over every parameter received, in SHA-256 or the legacy SHA-1 form.
import { createHash, timingSafeEqual } from 'node:crypto';

export type SignatureAlgorithm = 'sha256' | 'sha1';

/** Parameter values as callers hold them; null, undefined and '' mean "not sent". */
export type FlexPayParamValue = string | number | null | undefined;
export type FlexPayParams = Readonly<Record<string, FlexPayParamValue>>;

/**
 * The keys a request signature covers. Both official clients keep one list for every request type
 * (purchase, subscription, upgrade, salestatus, cancel-subscription): each call signs whichever of these it
 * sends. `email` and `oneClickToken` are sent but deliberately unsigned (flexpay4j FlexPayRequestParameters).
 */
export const FLEXPAY_SIGNED_KEYS = [
  'version',
  'shopID',
  'priceAmount',
  'priceCurrency',
  'paymentMethod',
  'description',
  'referenceID',
  'saleID',
  'custom1',
  'custom2',
  'custom3',
  'subscriptionType',
  'period',
  'name',
  'trialAmount',
  'trialPeriod',
  'cancelDiscountPercentage',
  'type',
  'successURL',
  'declineURL',
  'precedingSaleID',
  'upgradeOption',
  'mcc',
  'subCreditorName',
  'subCreditorId',
  'subCreditorCountry',
] as const;

export type FlexPaySignedKey = (typeof FLEXPAY_SIGNED_KEYS)[number];

const SIGNED_KEY_SET: ReadonlySet<string> = new Set(FLEXPAY_SIGNED_KEYS);

const isSent = (value: FlexPayParamValue): value is string | number =>
  value !== null && value !== undefined && value !== '';

/** Sorted by UTF-16 code unit, the order of PHP's ksort and Java's TreeMap for these ASCII names. */
function sortedEntries(params: Readonly<Record<string, string>>): Array<[string, string]> {
  return Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The raw digest over exactly the given parameters (nothing filtered, nothing dropped). */
export function computeSignature(
  key: string,
  params: Readonly<Record<string, string>>,
  algorithm: SignatureAlgorithm = 'sha256',
): string {
  const source = [key, ...sortedEntries(params).map(([name, value]) => `${name}=${value}`)].join(':');
  return createHash(algorithm).update(source, 'utf8').digest('hex');
}

/** The request parameters a signature covers: the signed keys that carry a value, as strings. */
export function pickSignedParams(params: FlexPayParams): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (SIGNED_KEY_SET.has(name) && isSent(value)) picked[name] = String(value);
  }
  return picked;
}

/** The signature of an outgoing request (startorder, salestatus, cancel-subscription): SHA-256. */
export function signRequest(key: string, params: FlexPayParams): string {
  return computeSignature(key, pickSignedParams(params), 'sha256');
}

export type SignatureCheck =
  { ok: true; algorithm: SignatureAlgorithm } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' };

export interface VerifyPostbackOptions {
  /** Added when the postback lacks shopID, as the official clients do; Verotel always sends it. */
  shopId?: string;
}

const HEX_SIGNATURE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Received parameters as one value per name; a repeated name is refused (it could hide a second value). */
export function toSingleValuedParams(
  params: URLSearchParams | Readonly<Record<string, string>>,
): Record<string, string> | null {
  if (!(params instanceof URLSearchParams)) return { ...params };
  const single: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(single, name)) return null;
    single[name] = value;
  }
  return single;
}

function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Verifies a postback (or a success redirect) over every received parameter except `signature`, empty
 * values included, in either SHA-256 or the legacy SHA-1 form; the comparison is constant-time.
 */
export function verifyPostbackSignature(
  params: URLSearchParams | Readonly<Record<string, string>>,
  key: string,
  options: VerifyPostbackOptions = {},
): SignatureCheck {
  const received = toSingleValuedParams(params);
  if (!received) return { ok: false, reason: 'malformed' };
  const { signature, ...signed } = received;
  if (signature === undefined || signature === '') return { ok: false, reason: 'missing' };
  // The clients lowercase the received signature before comparing (FlexPayTest sends it uppercase).
  const given = signature.toLowerCase();
  if (!HEX_SIGNATURE.test(given)) return { ok: false, reason: 'malformed' };
  if (signed.shopID === undefined && options.shopId !== undefined) signed.shopID = options.shopId;
  const algorithm: SignatureAlgorithm = given.length === 64 ? 'sha256' : 'sha1';
  return equalHex(given, computeSignature(key, signed, algorithm))
    ? { ok: true, algorithm }
    : { ok: false, reason: 'mismatch' };
}
