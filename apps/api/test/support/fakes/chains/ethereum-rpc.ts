// A local stand-in for an Ethereum JSON-RPC node: eth_chainId, eth_blockNumber and eth_getBalance at
// 'latest', 'pending' or a block number, single calls and batches, answering as geth does (hex
// quantities, JSON-RPC errors). Control: POST /__control/pay { address, amount (ETH), confirmations? }
// (0: in the mempool, not in any block yet), POST /__control/mine { blocks? },
// POST /__control/fail { status } | { hang: true } | {}, GET /__control/state.
import { startControlServer, toUnits, failureFrom, type ControlServer } from './control-server.ts';

export interface EthPayment {
  address: string;
  /** ETH, decimal text or number. */
  amount: string | number;
  confirmations?: number;
}

interface Credit {
  address: string;
  wei: bigint;
  /** null: in the mempool. */
  block: number | null;
}

export interface FakeEthereum extends ControlServer {
  blockNumber(): number;
  pay(payment: EthPayment): void;
  /** Funds leave an address (a sweep), at the current block. */
  withdraw(address: string, amount: string | number): void;
  mine(blocks?: number): number;
  /** The chain id the node reports (default 1). */
  setChainId(id: number): void;
}

interface RpcCall {
  jsonrpc?: string;
  id?: number | string | null;
  method?: string;
  params?: unknown[];
}

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

export async function startFakeEthereum(opts: { port?: number; startBlock?: number } = {}): Promise<FakeEthereum> {
  let block = opts.startBlock ?? 21_000_000;
  let chainId = 1;
  const credits: Credit[] = [];

  const balance = (address: string, tag: unknown): bigint => {
    const who = address.toLowerCase();
    let upTo: number;
    if (tag === 'latest' || tag === 'safe' || tag === 'finalized' || tag === undefined) upTo = block;
    else if (tag === 'pending') upTo = Number.POSITIVE_INFINITY;
    else if (typeof tag === 'string' && /^0x[0-9a-f]+$/i.test(tag)) upTo = Number(BigInt(tag));
    else throw Object.assign(new Error('invalid block tag'), { code: -32602 });
    if (upTo > block && upTo !== Number.POSITIVE_INFINITY)
      throw Object.assign(new Error('header not found'), { code: -32000 });
    return credits
      .filter((c) => c.address === who && (c.block === null ? upTo === Number.POSITIVE_INFINITY : c.block <= upTo))
      .reduce((sum, c) => sum + c.wei, 0n);
  };

  const answer = (call: RpcCall) => {
    const base = { jsonrpc: '2.0', id: call.id ?? null };
    try {
      switch (call.method) {
        case 'eth_chainId':
          return { ...base, result: hex(chainId) };
        case 'eth_blockNumber':
          return { ...base, result: hex(block) };
        case 'eth_getBalance': {
          const [address, tag] = call.params ?? [];
          if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
            throw Object.assign(new Error('invalid address'), { code: -32602 });
          }
          return { ...base, result: hex(balance(address, tag)) };
        }
        default:
          return {
            ...base,
            error: { code: -32601, message: `the method ${call.method} does not exist/is not available` },
          };
      }
    } catch (err) {
      const e = err as Error & { code?: number };
      return { ...base, error: { code: e.code ?? -32000, message: e.message } };
    }
  };

  const pay = (p: EthPayment) => {
    const confirmations = p.confirmations ?? 0;
    credits.push({
      address: p.address.toLowerCase(),
      wei: toUnits(p.amount, 18),
      block: confirmations > 0 ? block - confirmations + 1 : null,
    });
  };
  const mine = (blocks = 1) => {
    for (const c of credits) if (c.block === null) c.block = block + 1;
    block += blocks;
    return block;
  };

  const server = await startControlServer(
    (req) => {
      if (req.method !== 'POST') return { status: 405, body: { error: 'POST only' } };
      const body = req.json;
      if (Array.isArray(body)) return { status: 200, body: body.map((c) => answer(c as RpcCall)) };
      if (body && typeof body === 'object') return { status: 200, body: answer(body as RpcCall) };
      return { status: 200, body: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } } };
    },
    {
      'POST /pay': (req) => {
        pay(req.json as EthPayment);
        return { status: 200, body: { block } };
      },
      'POST /mine': (req) => ({
        status: 200,
        body: { block: mine((req.json as { blocks?: number } | undefined)?.blocks ?? 1) },
      }),
      'POST /fail': (req) => {
        server.fail(failureFrom(req.json));
        return { status: 200, body: { ok: true } };
      },
      'GET /state': () => ({
        status: 200,
        body: { block, chainId, credits: credits.map((c) => ({ ...c, wei: c.wei.toString() })) },
      }),
    },
    opts.port,
  );

  return {
    ...server,
    blockNumber: () => block,
    pay,
    mine,
    withdraw(address, amount) {
      credits.push({ address: address.toLowerCase(), wei: -toUnits(amount, 18), block });
    },
    setChainId(id) {
      chainId = id;
    },
  };
}
