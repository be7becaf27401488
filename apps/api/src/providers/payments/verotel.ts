// Verotel FlexPay as a card processor (issue 16, docs/payments.md "Verotel FlexPay"): no card fields to
// embed, so every payment is a signed redirect to Verotel's order page (startorder); the buyer comes back
// to /payment-success?session_id=<our payment id> and the server asks salestatus before granting.
// Postbacks arrive as signed GETs at API_PATHS.verotelPostback (services/payments/handle-verotel-postback.ts),
// never at the JSON webhook, so parseWebhook refuses.
import { WebhookSignatureError, CardProcessorUnavailableError, type CardPaymentProvider } from './index.ts';
import { parsePostback, type FlexPayPostbackEvent } from './verotel/postback.ts';
import {
  buildCancelSubscriptionUrl,
  buildPurchaseUrl,
  buildSubscriptionUrl,
  fetchSaleStatus,
  type FlexPayConfig,
} from './verotel/urls.ts';

export interface VerotelOptions {
  shopId: string;
  signatureKey: string;
  /** https://secure.verotel.com, or the fake's URL. */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
}

export interface VerotelProvider extends CardPaymentProvider {
  readonly name: 'verotel';
  /** Verifies a postback's query (SHA-256 or legacy SHA-1, this shop) and reads its event. */
  parsePostback(query: URLSearchParams): FlexPayPostbackEvent;
  /** The signed page where the buyer stops a subscription's renewal. */
  cancelSubscriptionUrl(saleID: string): string;
}

export function isVerotelProvider(provider: CardPaymentProvider | null): provider is VerotelProvider {
  return provider?.name === 'verotel' && 'parsePostback' in provider;
}

const NO_EMBEDDED_CARDS = 'Verotel takes cards on its own page: start the payment with the checkout session';

/** FlexPay descriptions: at most 100 printable characters. */
const shortText = (text: string) => text.replace(/[^\x20-\x7e]/g, '').slice(0, 100);

export function createVerotelProvider(opts: VerotelOptions): VerotelProvider {
  const config: FlexPayConfig = { baseUrl: opts.baseUrl, shopId: opts.shopId, signatureKey: opts.signatureKey };
  return {
    name: 'verotel',
    publicKey: '',
    checkout: 'redirect',
    createPayment() {
      return Promise.reject(new Error(NO_EMBEDDED_CARDS));
    },
    getPayment() {
      return Promise.reject(new Error(NO_EMBEDDED_CARDS));
    },
    async createCheckout(request) {
      // Our payment id is the order's referenceID: salestatus and every postback find the row by it.
      const successURL = `${request.successUrl}${request.successUrl.includes('?') ? '&' : '?'}session_id=${encodeURIComponent(request.paymentId)}`;
      const common = {
        amountCents: request.amountCents,
        currency: 'USD' as const,
        referenceID: request.paymentId,
        successURL,
        declineURL: request.cancelUrl,
      };
      const url = request.recurring
        ? buildSubscriptionUrl(config, {
            ...common,
            name: shortText(request.description),
            period: request.recurring.period === 'yearly' ? 'P1Y' : 'P1M',
            subscriptionType: 'recurring',
          })
        : buildPurchaseUrl(config, { ...common, description: shortText(request.description) });
      return { id: request.paymentId, url };
    },
    async getCheckout(id) {
      const status = await fetchSaleStatus(config, { referenceID: id }, opts.fetch ? { fetch: opts.fetch } : {});
      if (status.response === 'ERROR') throw new CardProcessorUnavailableError(status.message);
      if (status.response === 'NOTFOUND' || !status.approved) {
        return { id, paid: false, amountCents: 0, currency: '', paymentId: id, paymentRef: null };
      }
      return {
        id,
        // Paid only with an amount we can compare: settlePaid refuses one that differs from the row's.
        paid: status.amountCents !== null && status.currency !== null,
        amountCents: status.amountCents ?? 0,
        currency: (status.currency ?? '').toLowerCase(),
        paymentId: status.referenceID ?? id,
        paymentRef: status.saleID,
      };
    },
    parseWebhook() {
      return Promise.reject(
        new WebhookSignatureError('Verotel sends its postbacks as signed GETs to /api/payment/verotel/postback'),
      );
    },
    parsePostback(query) {
      return parsePostback(query, opts.signatureKey, { shopId: opts.shopId });
    },
    cancelSubscriptionUrl(saleID) {
      return buildCancelSubscriptionUrl(config, { saleID });
    },
  };
}
