// A local stand-in for rippled's JSON-RPC (api_version 1 shapes): account_tx for the deposit address,
// newest first with marker paging, validated ledgers only. Control: POST /__control/pay { tag, amount
// (XRP), confirmations? (0: not validated yet), delivered? (a partial payment delivers less),
// currency? (an issued currency instead of XRP) }, POST /__control/mine { ledgers? } (validates),
// POST /__control/fail { status } | { hang: true } | {}, GET /__control/state.
import { randomHex, startControlServer, toUnits, failureFrom, type ControlServer } from './control-server.ts';

export interface XrpPayment {
  tag: number;
  /** XRP, decimal text or number: the Amount field. */
  amount: string | number;
  /** What actually arrived (partial payment); default the whole amount. */
  delivered?: string | number;
  confirmations?: number;
  /** An issued currency code (e.g. 'USD'): not XRP at all. */
  currency?: string;
  /** Ledger close time (Unix ms); default now. */
  closeTime?: number;
  /** Pays another account (not the deposit address). */
  destination?: string;
  result?: string;
}

interface FakeXrpTx {
  hash: string;
  /** Order within the fake (the transaction index inside a ledger). */
  seq: number;
  ledger: number;
  validated: boolean;
  date: number;
  tx: Record<string, unknown>;
  meta: Record<string, unknown>;
}

export interface FakeRippled extends ControlServer {
  ledger(): number;
  pay(payment: XrpPayment): string;
  mine(ledgers?: number): number;
}

const RIPPLE_EPOCH = 946_684_800;

export async function startFakeRippled(opts: {
  account: string;
  port?: number;
  startLedger?: number;
}): Promise<FakeRippled> {
  let validated = opts.startLedger ?? 92_000_000;
  const txs: FakeXrpTx[] = [];
  let seq = 0;

  const pay = (p: XrpPayment) => {
    const confirmations = p.confirmations ?? 1;
    const amount = p.currency
      ? { currency: p.currency, issuer: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', value: String(p.amount) }
      : toUnits(p.amount, 6).toString();
    const delivered = p.currency ? amount : p.delivered !== undefined ? toUnits(p.delivered, 6).toString() : amount;
    const hash = randomHex(32).toUpperCase();
    // Close times rise with ledger indexes (about 4 s a ledger): a payment dated in the past sits in
    // an older ledger, as on the real ledger.
    const ledgersAgo = p.closeTime !== undefined ? Math.max(0, Math.floor((Date.now() - p.closeTime) / 4000)) : 0;
    const ledger = confirmations > 0 ? Math.max(1, validated - confirmations + 1 - ledgersAgo) : validated + 1;
    txs.push({
      hash,
      seq: seq++,
      ledger,
      validated: confirmations > 0,
      date: Math.floor((p.closeTime ?? Date.now()) / 1000) - RIPPLE_EPOCH,
      tx: {
        Account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
        Destination: p.destination ?? opts.account,
        DestinationTag: p.tag,
        Amount: amount,
        Fee: '12',
        Flags: p.delivered !== undefined ? 131072 : 0,
        TransactionType: 'Payment',
      },
      meta: { TransactionResult: p.result ?? 'tesSUCCESS', delivered_amount: delivered },
    });
    return hash;
  };
  const mine = (ledgers = 1) => {
    validated += ledgers;
    for (const tx of txs) if (!tx.validated && tx.ledger <= validated) tx.validated = true;
    return validated;
  };

  const accountTx = (params: Record<string, unknown>) => {
    if (params.account !== opts.account) {
      // Any other account has no history here.
      return {
        account: params.account,
        transactions: [],
        validated: true,
        status: 'success',
        ledger_index_min: 1,
        ledger_index_max: validated,
      };
    }
    const forward = params.forward === true;
    const limit = Math.min(Number(params.limit ?? 200), 400);
    const list = txs
      .filter((tx) => tx.validated && tx.ledger <= validated)
      .sort((a, b) => (forward ? a.ledger - b.ledger || a.seq - b.seq : b.ledger - a.ledger || b.seq - a.seq));
    const offset = (params.marker as { offset?: number } | undefined)?.offset ?? 0;
    const page = list.slice(offset, offset + limit);
    return {
      account: opts.account,
      ledger_index_min: 1,
      ledger_index_max: validated,
      limit,
      ...(offset + limit < list.length
        ? { marker: { ledger: page.at(-1)?.ledger, seq: 0, offset: offset + limit } }
        : {}),
      transactions: page.map((t) => ({
        meta: t.meta,
        tx: { ...t.tx, hash: t.hash, ledger_index: t.ledger, date: t.date },
        validated: true,
      })),
      validated: true,
      status: 'success',
    };
  };

  const server = await startControlServer(
    (req) => {
      const body = req.json as { method?: string; params?: Array<Record<string, unknown>> } | undefined;
      if (req.method !== 'POST' || !body?.method) return { status: 400, body: { error: 'expected a JSON-RPC POST' } };
      if (body.method === 'account_tx') return { status: 200, body: { result: accountTx(body.params?.[0] ?? {}) } };
      if (body.method === 'ledger_current')
        return { status: 200, body: { result: { ledger_current_index: validated + 1, status: 'success' } } };
      return {
        status: 200,
        body: { result: { error: 'unknownCmd', error_message: 'Unknown method.', status: 'error' } },
      };
    },
    {
      'POST /pay': (req) => ({ status: 200, body: { hash: pay(req.json as XrpPayment) } }),
      'POST /mine': (req) => ({
        status: 200,
        body: { ledger: mine((req.json as { ledgers?: number } | undefined)?.ledgers ?? 1) },
      }),
      'POST /fail': (req) => {
        server.fail(failureFrom(req.json));
        return { status: 200, body: { ok: true } };
      },
      'GET /state': () => ({ status: 200, body: { validated, txs } }),
    },
    opts.port,
  );

  return { ...server, ledger: () => validated, pay, mine };
}
