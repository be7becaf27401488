// The NOWPayments API calls the hosted crypto gateway needs (issue 16, "NOWPayments"): create an
// invoice (POST /v1/invoice; the buyer may pay on its invoice_url, picking the coin there), create the
// invoice's payment in a chosen coin (POST /v1/invoice-payment: the address and amount our own wallet
// modal shows), and read a payment (GET /v1/payment/{id}; the fallback when an IPN is missed). All
// authenticate with the x-api-key header. fetch, base URL and timeout are injectable (tests, the local
// fake, the sandbox).
import { decimalText, parseIpnPayment, type NowPaymentsPaymentUpdate } from './ipn.ts';

export const NOWPAYMENTS_LIVE_URL = 'https://api.nowpayments.io';
export const NOWPAYMENTS_SANDBOX_URL = 'https://api-sandbox.nowpayments.io';

export interface NowPaymentsClientOptions {
  apiKey: string;
  /** NOWPAYMENTS_LIVE_URL (default), NOWPAYMENTS_SANDBOX_URL, or a local fake. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CreateInvoiceRequest {
  /** Integer cents, sent as price_amount in currency units. */
  priceAmountCents: number;
  priceCurrency: 'usd';
  /** Our deposit id: every IPN carries it back as order_id. */
  orderId: string;
  orderDescription: string;
  ipnCallbackUrl: string;
  successUrl: string;
  cancelUrl: string;
  /** Where the buyer lands after a partial payment (NOWPayments' optional partially_paid_url). */
  partiallyPaidUrl?: string;
  /** Fix the coin (btc, eth, ...); left out, the buyer picks it on the invoice page. */
  payCurrency?: string;
}

export interface NowPaymentsInvoice {
  id: string;
  /** Send the buyer here. */
  invoiceUrl: string;
  orderId: string | null;
  /** Decimal text, as NOWPayments echoes it. */
  priceAmount: string;
  priceCurrency: string;
  createdAt: Date | null;
}

export interface CreateInvoicePaymentRequest {
  /** The invoice id createInvoice returned (sent as `iid`). */
  invoiceId: string;
  /** The coin, lowercase as NOWPayments names it (btc, eth, xrp). */
  payCurrency: string;
}

/** A payment just created: where and how much the buyer sends. Amounts are exact decimal text. */
export interface NowPaymentsNewPayment {
  paymentId: string;
  status: string;
  payAddress: string;
  payAmount: string;
  payCurrency: string;
  /** A destination tag or memo the payment must carry (XRP), as NOWPayments writes it. */
  payinExtraId: string | null;
  orderId: string | null;
  /** NOWPayments' estimate of when an unpaid payment expires. */
  expiresAt: Date | null;
}

/** A failed call: the status (0 for no answer) and NOWPayments' message, never the API key. */
export class NowPaymentsApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'NowPaymentsApiError';
  }
}

/** 1999 -> 19.99: integer cents divided by 100 is the double that prints as the exact price. */
function centsToAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`not a price in cents: ${cents}`);
  return cents / 100;
}

export class NowPaymentsClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: NowPaymentsClientOptions) {
    if (!options.apiKey) throw new Error('NOWPayments API key is empty');
    this.baseUrl = (options.baseUrl ?? NOWPAYMENTS_LIVE_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async createInvoice(request: CreateInvoiceRequest): Promise<NowPaymentsInvoice> {
    const body = {
      price_amount: centsToAmount(request.priceAmountCents),
      price_currency: request.priceCurrency,
      order_id: request.orderId,
      order_description: request.orderDescription,
      ipn_callback_url: request.ipnCallbackUrl,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      ...(request.partiallyPaidUrl ? { partially_paid_url: request.partiallyPaidUrl } : {}),
      ...(request.payCurrency ? { pay_currency: request.payCurrency } : {}),
    };
    const answer = await this.call('POST', '/v1/invoice', body);
    const id = answer.id;
    const invoiceUrl = answer.invoice_url;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof invoiceUrl !== 'string') {
      throw new NowPaymentsApiError('POST /v1/invoice: the answer has no id or invoice_url', 502);
    }
    const createdAt = typeof answer.created_at === 'string' ? new Date(answer.created_at) : null;
    return {
      id: String(id),
      invoiceUrl,
      orderId: typeof answer.order_id === 'string' ? answer.order_id : null,
      priceAmount: String(answer.price_amount ?? body.price_amount),
      priceCurrency: String(answer.price_currency ?? body.price_currency),
      createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
    };
  }

  /** The invoice's payment in one coin: the address and amount to show the buyer. */
  async createInvoicePayment(request: CreateInvoicePaymentRequest): Promise<NowPaymentsNewPayment> {
    const answer = await this.call('POST', '/v1/invoice-payment', {
      iid: request.invoiceId,
      pay_currency: request.payCurrency,
    });
    const where = 'POST /v1/invoice-payment';
    const paymentId = answer.payment_id;
    if ((typeof paymentId !== 'string' && typeof paymentId !== 'number') || String(paymentId) === '') {
      throw new NowPaymentsApiError(`${where}: the answer has no payment_id`, 502);
    }
    if (typeof answer.pay_address !== 'string' || answer.pay_address === '') {
      throw new NowPaymentsApiError(`${where}: the answer has no pay_address`, 502);
    }
    let payAmount: string | null;
    try {
      payAmount = decimalText(answer.pay_amount);
    } catch {
      payAmount = null;
    }
    if (payAmount === null || !/[1-9]/.test(payAmount) || payAmount.startsWith('-')) {
      throw new NowPaymentsApiError(`${where}: the answer has no positive pay_amount`, 502);
    }
    const extra = answer.payin_extra_id;
    const expires =
      typeof answer.expiration_estimate_date === 'string' ? new Date(answer.expiration_estimate_date) : null;
    return {
      paymentId: String(paymentId),
      status: typeof answer.payment_status === 'string' ? answer.payment_status : 'waiting',
      payAddress: answer.pay_address,
      payAmount,
      payCurrency: String(answer.pay_currency ?? request.payCurrency).toLowerCase(),
      payinExtraId:
        typeof extra === 'string' && extra !== '' ? extra : typeof extra === 'number' ? String(extra) : null,
      orderId: typeof answer.order_id === 'string' ? answer.order_id : null,
      expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires : null,
    };
  }

  /** The payment as NOWPayments sees it now, read like an IPN (the answer has the same fields). */
  async getPayment(paymentId: string): Promise<NowPaymentsPaymentUpdate> {
    if (!/^\d+$/.test(paymentId)) throw new RangeError(`not a NOWPayments payment id: ${paymentId}`);
    return parseIpnPayment(await this.call('GET', `/v1/payment/${paymentId}`));
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    const where = `${method} ${path}`;
    let res: Response;
    try {
      res = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-api-key': this.options.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const reason =
        err instanceof Error && err.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : String(err);
      throw new NowPaymentsApiError(`${where}: ${reason}`, 0);
    }
    const text = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const message =
        typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string'
          ? (json as { message: string }).message
          : text.slice(0, 200);
      throw new NowPaymentsApiError(`${where}: HTTP ${res.status} ${message}`.trim(), res.status);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new NowPaymentsApiError(`${where}: the answer is not a JSON object`, res.status);
    }
    return json as Record<string, unknown>;
  }
}
