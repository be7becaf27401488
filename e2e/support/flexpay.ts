// The Verotel FlexPay stand-in as the browser tests drive it (issue 16): its control API (a rebill,
// a cancel, a chargeback, a replayed or forged postback, exactly as Verotel would send them to the
// stack) and what it recorded. Started by e2e/global-setup.ts (apps/api/test/support/fakes/fake-flexpay.ts).
import { inject } from 'vitest';
import type { FakeFlexPaySale, SentPostback } from '../../apps/api/test/support/fakes/fake-flexpay.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    flexpayUrl: string;
  }
}

export type { FakeFlexPaySale, SentPostback };

export function flexpayUrl(): string {
  const url = inject('flexpayUrl');
  if (!url) throw new Error("e2e global setup did not provide 'flexpayUrl'");
  return url;
}

async function control<T>(method: 'GET' | 'POST', name: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(new URL(`/__control/${name}`, flexpayUrl()), {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`FlexPay stand-in ${name}: ${response.status} ${json.error ?? ''}`);
  return json;
}

/** The stand-in's sales, as Verotel holds them. */
export async function flexpaySales(): Promise<FakeFlexPaySale[]> {
  return (await control<{ sales: FakeFlexPaySale[] }>('GET', 'sales')).sales;
}

/** The sale Verotel made for our order (referenceID = our payment id). */
export async function flexpaySaleFor(referenceID: string): Promise<FakeFlexPaySale> {
  const sale = (await flexpaySales()).find((candidate) => candidate.referenceID === referenceID);
  if (!sale) throw new Error(`the FlexPay stand-in has no sale for ${referenceID}`);
  return sale;
}

/** Verotel sends the event's postback to the stack; the answer it got. */
export async function emitFlexpayEvent(
  event: 'rebill' | 'cancel' | 'uncancel' | 'extend' | 'expiry' | 'credit' | 'chargeback',
  saleID: string,
  extra: Record<string, unknown> = {},
): Promise<SentPostback> {
  return (await control<{ postback: SentPostback }>('POST', event, { ...extra, saleID })).postback;
}

/** The sale's last postback sent again `times` times (all at once when `concurrent`). */
export async function replayFlexpayPostback(
  saleID: string,
  times: number,
  concurrent = false,
): Promise<SentPostback[]> {
  return (await control<{ postbacks: SentPostback[] }>('POST', 'replay', { saleID, times, concurrent })).postbacks;
}

/** A forged copy of the sale's last postback: re-priced under the old signature, another key, unsigned. */
export async function forgeFlexpayPostback(
  saleID: string,
  how: 'tampered' | 'wrong-key' | 'unsigned',
): Promise<SentPostback> {
  return (await control<{ postback: SentPostback }>('POST', 'forge', { saleID, how })).postback;
}
