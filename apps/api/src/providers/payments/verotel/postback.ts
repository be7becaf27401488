// Verotel FlexPay postbacks (issue 16, "the postback (GET)"): Verotel calls our postback URL with a signed
// query after each sale and each later event of a subscription, and retries until the answer is `OK`.
// This module verifies the signature (signature.ts) and reads the query into one typed event; it decides
// nothing. Field names follow Verotel's official WooCommerce plugin (a purchase postback has no `event`;
// credit and chargeback carry `parentID`) and the FlexPay documentation's examples.
import { WebhookSignatureError } from '../index.ts';
import { toSingleValuedParams, verifyPostbackSignature, type SignatureAlgorithm } from './signature.ts';
import { parsePriceAmount } from './urls.ts';

/** The body Verotel needs back, or it sends the postback again. */
export const POSTBACK_OK_BODY = 'OK';

export const FLEXPAY_POSTBACK_EVENTS = [
  'purchase',
  'initial',
  'rebill',
  'cancel',
  'uncancel',
  'extend',
  'expiry',
  'credit',
  'chargeback',
] as const;
export type FlexPayPostbackEventName = (typeof FLEXPAY_POSTBACK_EVENTS)[number];

interface PostbackBase {
  /** `verotel:{saleID}:{transactionID}`, or `verotel:{saleID}:{event}:{date}` for events without one. */
  idempotencyKey: string;
  saleID: string;
  shopID: string;
  /** Our order reference from startorder (absent on sales started elsewhere). */
  referenceID: string | null;
  /** purchase or subscription: the kind of sale the event belongs to. */
  saleType: string | null;
  custom1: string | null;
  custom2: string | null;
  custom3: string | null;
  /** Which form the signature had; the legacy SHA-1 is accepted but worth logging. */
  signatureAlgorithm: SignatureAlgorithm;
  /** Every received parameter but the signature, for the payment's audit trail. */
  params: Record<string, string>;
}

interface Money {
  amountCents: number;
  /** Uppercase ISO code as Verotel sends it (USD, EUR...). */
  currency: string;
}

export type FlexPayPostbackEvent =
  | (PostbackBase & Money & { event: 'purchase'; transactionID: string; paymentMethod: string | null })
  | (PostbackBase &
      Money & {
        event: 'initial';
        transactionID: string;
        subscriptionType: string | null;
        period: string | null;
        /** recurring: the first rebill date (YYYY-MM-DD). */
        nextChargeOn: string | null;
        /** one-time: the end date (YYYY-MM-DD). */
        expiresOn: string | null;
        paymentMethod: string | null;
      })
  | (PostbackBase &
      Money & {
        event: 'rebill';
        transactionID: string | null;
        nextChargeOn: string | null;
        paymentMethod: string | null;
      })
  | (PostbackBase & {
      event: 'cancel';
      /** Renewal stops; the membership runs to this date. */
      expiresOn: string | null;
      cancelledBy: string | null;
    })
  | (PostbackBase & { event: 'uncancel'; nextChargeOn: string | null; uncancelledBy: string | null })
  | (PostbackBase & { event: 'extend'; nextChargeOn: string | null; expiresOn: string | null })
  | (PostbackBase & { event: 'expiry' })
  | (PostbackBase &
      Money & {
        event: 'credit' | 'chargeback';
        /** The refund's or chargeback's own transaction. */
        transactionID: string;
        /** The transaction refunded or charged back. */
        parentID: string | null;
        /** `terminated` when the refund also ended the subscription. */
        subscriptionPhase: string | null;
      })
  | (PostbackBase & { event: 'ignored'; eventName: string });

export type FlexPayPostbackErrorCode = 'unsigned' | 'bad_signature' | 'malformed' | 'wrong_shop';

/**
 * A postback that must change nothing: unsigned, forged or tampered, or unreadable. It is a
 * WebhookSignatureError, so the payment routes already answer it 400 and do nothing.
 */
export class FlexPayPostbackError extends WebhookSignatureError {
  readonly code: FlexPayPostbackErrorCode;
  readonly field: string | undefined;
  constructor(code: FlexPayPostbackErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'FlexPayPostbackError';
    this.code = code;
    this.field = field;
  }
}

export interface ParsePostbackOptions {
  /** When given, a postback for another Verotel website is refused. */
  shopId?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the verified query; every failure is a FlexPayPostbackError naming the field. */
class PostbackReader {
  constructor(private readonly params: Record<string, string>) {}

  optional(name: string): string | null {
    const value = this.params[name];
    return value === undefined || value === '' ? null : value;
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === null) throw new FlexPayPostbackError('malformed', `postback without ${name}`, name);
    return value;
  }

  date(name: string): string | null {
    const value = this.optional(name);
    if (value !== null && !DATE.test(value)) {
      throw new FlexPayPostbackError('malformed', `postback ${name} is not a YYYY-MM-DD date`, name);
    }
    return value;
  }

  /** Money: priceAmount/priceCurrency, or amount/currency as rebill postbacks have sent them. */
  money(): Money {
    const amountField = this.optional('priceAmount') !== null ? 'priceAmount' : 'amount';
    const amount = this.required(amountField);
    const amountCents = parsePriceAmount(amount);
    if (amountCents === null) {
      throw new FlexPayPostbackError('malformed', `postback ${amountField} is not an amount`, amountField);
    }
    const currency = this.optional('priceCurrency') ?? this.required('currency');
    return { amountCents, currency: currency.toUpperCase() };
  }
}

function idempotencyKeyOf(saleID: string, transactionID: string | null, event: string, date: string | null): string {
  if (transactionID !== null) return `verotel:${saleID}:${transactionID}`;
  return date === null ? `verotel:${saleID}:${event}` : `verotel:${saleID}:${event}:${date}`;
}

function readEvent(
  reader: PostbackReader,
  base: Omit<PostbackBase, 'idempotencyKey'>,
  eventName: string,
): FlexPayPostbackEvent {
  const key = (transactionID: string | null, date: string | null = null) =>
    idempotencyKeyOf(base.saleID, transactionID, eventName, date);
  switch (eventName) {
    case 'purchase': {
      const transactionID = reader.required('transactionID');
      return {
        ...base,
        ...reader.money(),
        event: 'purchase',
        idempotencyKey: key(transactionID),
        transactionID,
        paymentMethod: reader.optional('paymentMethod'),
      };
    }
    case 'initial': {
      const transactionID = reader.required('transactionID');
      return {
        ...base,
        ...reader.money(),
        event: 'initial',
        idempotencyKey: key(transactionID),
        transactionID,
        subscriptionType: reader.optional('subscriptionType'),
        period: reader.optional('period'),
        nextChargeOn: reader.date('nextChargeOn'),
        expiresOn: reader.date('expiresOn'),
        paymentMethod: reader.optional('paymentMethod'),
      };
    }
    case 'rebill': {
      // Older rebill postbacks carry no transactionID: the next charge date then tells rebills apart.
      const transactionID = reader.optional('transactionID');
      const nextChargeOn = reader.date('nextChargeOn');
      return {
        ...base,
        ...reader.money(),
        event: 'rebill',
        idempotencyKey: key(transactionID, nextChargeOn),
        transactionID,
        nextChargeOn,
        paymentMethod: reader.optional('paymentMethod'),
      };
    }
    case 'cancel': {
      const expiresOn = reader.date('expiresOn');
      return {
        ...base,
        event: 'cancel',
        idempotencyKey: key(null, expiresOn),
        expiresOn,
        cancelledBy: reader.optional('cancelledBy'),
      };
    }
    case 'uncancel': {
      const nextChargeOn = reader.date('nextChargeOn');
      return {
        ...base,
        event: 'uncancel',
        idempotencyKey: key(null, nextChargeOn),
        nextChargeOn,
        uncancelledBy: reader.optional('uncancelledBy'),
      };
    }
    case 'extend': {
      const nextChargeOn = reader.date('nextChargeOn');
      const expiresOn = reader.date('expiresOn');
      return {
        ...base,
        event: 'extend',
        idempotencyKey: key(null, nextChargeOn ?? expiresOn),
        nextChargeOn,
        expiresOn,
      };
    }
    case 'expiry':
      return { ...base, event: 'expiry', idempotencyKey: key(null) };
    case 'credit':
    case 'chargeback': {
      const transactionID = reader.required('transactionID');
      return {
        ...base,
        ...reader.money(),
        event: eventName,
        idempotencyKey: key(transactionID),
        transactionID,
        parentID: reader.optional('parentID'),
        subscriptionPhase: reader.optional('subscriptionPhase'),
      };
    }
    default: {
      // downgrade, upgrade and events Verotel adds later: acknowledged, acted on by nobody.
      const transactionID = reader.optional('transactionID');
      return { ...base, event: 'ignored', eventName, idempotencyKey: key(transactionID) };
    }
  }
}

/**
 * Verifies a postback's query and reads it into one event. Throws only FlexPayPostbackError: `unsigned`
 * (no signature), `bad_signature` (forged or tampered), `malformed` (repeated or missing fields, bad
 * amounts or dates), `wrong_shop`.
 */
export function parsePostback(
  query: URLSearchParams | Readonly<Record<string, string>>,
  signatureKey: string,
  options: ParsePostbackOptions = {},
): FlexPayPostbackEvent {
  const received = toSingleValuedParams(query);
  if (!received) throw new FlexPayPostbackError('malformed', 'postback repeats a parameter');
  const check = verifyPostbackSignature(received, signatureKey, options.shopId ? { shopId: options.shopId } : {});
  if (!check.ok) {
    if (check.reason === 'missing')
      throw new FlexPayPostbackError('unsigned', 'postback without signature', 'signature');
    throw new FlexPayPostbackError('bad_signature', `postback signature ${check.reason}`, 'signature');
  }
  const { signature: _signature, ...params } = received;
  const reader = new PostbackReader(params);
  const shopID = reader.optional('shopID') ?? options.shopId ?? '';
  if (options.shopId !== undefined && shopID !== options.shopId) {
    throw new FlexPayPostbackError('wrong_shop', `postback for shop ${shopID}`, 'shopID');
  }
  // A purchase postback has no event; its type says purchase.
  const eventName = reader.optional('event') ?? (reader.optional('type') === 'purchase' ? 'purchase' : 'unknown');
  return readEvent(
    reader,
    {
      saleID: reader.required('saleID'),
      shopID,
      referenceID: reader.optional('referenceID'),
      saleType: reader.optional('type'),
      custom1: reader.optional('custom1'),
      custom2: reader.optional('custom2'),
      custom3: reader.optional('custom3'),
      signatureAlgorithm: check.algorithm,
      params,
    },
    eventName,
  );
}
