// A local stand-in for an Esplora server (blockstream.info / mempool.space API): the tip height and an
// address's transactions (mempool first, then confirmed newest first, paged by 25 like electrs).
// Control: POST /__control/pay { address, amount (BTC), confirmations? }, POST /__control/mine
// { blocks? }, POST /__control/fail { status } | { hang: true } | {}, GET /__control/state.
import {
  randomHex,
  startControlServer,
  toUnits,
  failureFrom,
  type ControlServer,
  type FailureMode,
} from './control-server.ts';

interface FakeBtcTx {
  txid: string;
  vout: Array<{ scriptpubkey_address: string; scriptpubkey_type: string; value: number }>;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
  /** Order of arrival (newest first in answers). */
  seq: number;
}

export interface BtcPayment {
  address: string;
  /** BTC, decimal text or number. */
  amount: string | number;
  /** 0: in the mempool; n: mined n blocks deep. */
  confirmations?: number;
  /** Block time (seconds) for a mined payment; default now. */
  blockTime?: number;
  /** More outputs in the same transaction (one tx paying several addresses). */
  alsoPay?: Array<{ address: string; amount: string | number }>;
}

export interface FakeEsplora extends ControlServer {
  tip(): number;
  pay(payment: BtcPayment): string;
  mine(blocks?: number): number;
  /** Drops a mempool transaction (as a replacement would). */
  drop(txid: string): void;
  fail(mode: FailureMode): void;
}

const PAGE = 25;

export async function startFakeEsplora(opts: { port?: number; startHeight?: number } = {}): Promise<FakeEsplora> {
  let tip = opts.startHeight ?? 850_000;
  let seq = 0;
  const txs: FakeBtcTx[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  const pay = (p: BtcPayment) => {
    const confirmations = p.confirmations ?? 0;
    const outputs = [{ address: p.address, amount: p.amount }, ...(p.alsoPay ?? [])];
    const tx: FakeBtcTx = {
      txid: randomHex(32),
      vout: [
        // A change output first, so the deposit output is not always vout 0.
        {
          scriptpubkey_address: 'bc1qchange0000000000000000000000000000000',
          scriptpubkey_type: 'v0_p2wpkh',
          value: 12_345,
        },
        ...outputs.map((o) => ({
          scriptpubkey_address: o.address,
          scriptpubkey_type: 'v0_p2wpkh',
          value: Number(toUnits(o.amount, 8)),
        })),
      ],
      status:
        confirmations > 0
          ? { confirmed: true, block_height: tip - confirmations + 1, block_time: p.blockTime ?? now() }
          : { confirmed: false },
      seq: seq++,
    };
    txs.push(tx);
    return tx.txid;
  };
  const mine = (blocks = 1) => {
    for (const tx of txs) {
      if (!tx.status.confirmed) tx.status = { confirmed: true, block_height: tip + 1, block_time: now() };
    }
    tip += blocks;
    return tip;
  };

  const forAddress = (address: string) =>
    txs.filter((tx) => tx.vout.some((o) => o.scriptpubkey_address === address)).sort((a, b) => b.seq - a.seq);
  const strip = ({ seq: _seq, ...tx }: FakeBtcTx) => tx;

  const server = await startControlServer(
    (req) => {
      if (req.method !== 'GET') return { status: 405, body: 'method not allowed', text: true };
      if (req.path === '/blocks/tip/height') return { status: 200, body: String(tip), text: true };
      const chain = /^\/address\/([^/]+)\/txs\/chain\/([0-9a-f]{64})$/.exec(req.path);
      if (chain) {
        const confirmed = forAddress(chain[1]!).filter((tx) => tx.status.confirmed);
        const after = confirmed.findIndex((tx) => tx.txid === chain[2]);
        return { status: 200, body: confirmed.slice(after + 1, after + 1 + PAGE).map(strip) };
      }
      const first = /^\/address\/([^/]+)\/txs$/.exec(req.path);
      if (first) {
        const all = forAddress(first[1]!);
        const mempool = all.filter((tx) => !tx.status.confirmed).slice(0, 50);
        const confirmed = all.filter((tx) => tx.status.confirmed).slice(0, PAGE);
        return { status: 200, body: [...mempool, ...confirmed].map(strip) };
      }
      return { status: 404, body: 'not found', text: true };
    },
    {
      'POST /pay': (req) => ({ status: 200, body: { txid: pay(req.json as BtcPayment) } }),
      'POST /mine': (req) => ({
        status: 200,
        body: { tip: mine((req.json as { blocks?: number } | undefined)?.blocks ?? 1) },
      }),
      'POST /fail': (req) => {
        server.fail(failureFrom(req.json));
        return { status: 200, body: { ok: true } };
      },
      'GET /state': () => ({ status: 200, body: { tip, txs: txs.map(strip) } }),
    },
    opts.port,
  );

  return {
    ...server,
    tip: () => tip,
    pay,
    mine,
    drop(txid) {
      const i = txs.findIndex((tx) => tx.txid === txid && !tx.status.confirmed);
      if (i >= 0) txs.splice(i, 1);
    },
  };
}
