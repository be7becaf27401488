// Ethereum: a fresh BIP44 receive address per deposit, m/44'/60'/0'/0/i from the configured account
// public key; payments read as balances over JSON-RPC.
//
// Why balances rather than scanning transactions: each deposit has its own never-reused address, so its
// balance is exactly what the member paid. eth_getBalance counts ETH however it arrived, including the
// internal transfers of exchanges and smart-contract wallets that a scan of transaction `to` fields
// misses, and it needs neither an archive node nor a block cursor. The balance at `latest` is what was
// seen; the balance at block (latest - confirmations + 1) is what has the required confirmations; a
// reorg deeper than that is what the threshold is for. The funds' owner must not sweep an address
// before its deposit is resolved (credited or closed by support).
import { keccak_256 } from '@noble/hashes/sha3.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { Logger } from 'pino';
import { parseAccountKey, receivePublicKey } from './hd-keys.ts';
import { postJson } from './http.ts';
import {
  ChainApiError,
  type ChainWatcher,
  type DepositAddressBook,
  type DepositObservation,
  type ObservedPayment,
  type WatchedDeposit,
} from './index.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** EIP-55: each hex letter upper-cased when the matching nibble of keccak(lowercase address) >= 8. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error(`not an Ethereum address: ${address}`);
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** The address of a compressed secp256k1 public key: last 20 bytes of keccak256(uncompressed X||Y). */
export function ethereumAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return toChecksumAddress(hex(keccak_256(uncompressed.subarray(1)).subarray(-20)));
}

export function createEthereumAddressBook(accountXpub: string): DepositAddressBook {
  const account = parseAccountKey(accountXpub, 'ETH_ACCOUNT_XPUB');
  return {
    coin: 'ETH',
    allocation: 'derivation-index',
    targetFor(n) {
      return { address: ethereumAddress(receivePublicKey(account.key, n)), destinationTag: null, derivationIndex: n };
    },
  };
}

interface RpcResponse {
  id?: number;
  result?: unknown;
  error?: { code?: number; message?: string };
}

export interface EthereumRpcOptions {
  url: string;
  confirmations: number;
  chainId: number;
  timeoutMs?: number;
  /** Calls per JSON-RPC batch (providers cap batches). */
  batchSize?: number;
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw new ChainApiError(`${what}: not a hex quantity`);
  return BigInt(value);
}

export function createEthereumWatcher(opts: EthereumRpcOptions): ChainWatcher {
  const http = { timeoutMs: opts.timeoutMs ?? 10_000 };
  let nextId = 1;

  async function call(method: string, params: unknown[]): Promise<unknown> {
    const answer = (await postJson(opts.url, { jsonrpc: '2.0', id: nextId++, method, params }, http)) as RpcResponse;
    if (answer.error)
      throw new ChainApiError(`${method}: ${answer.error.message ?? 'error'} (${answer.error.code ?? '?'})`);
    return answer.result;
  }

  /** One batch; answers are matched by id (a server may reorder them). */
  async function batch(calls: Array<{ method: string; params: unknown[] }>): Promise<RpcResponse[]> {
    const body = calls.map((c) => ({ jsonrpc: '2.0', id: nextId++, ...c }));
    const answer = await postJson(opts.url, body, http);
    if (!Array.isArray(answer)) throw new ChainApiError('JSON-RPC batch: the answer is not a list');
    const byId = new Map((answer as RpcResponse[]).map((r) => [r.id, r]));
    return body.map((b) => byId.get(b.id) ?? { error: { message: 'no answer in the batch' } });
  }

  return {
    coin: 'ETH',
    endpoint: opts.url,
    async observe(deposits: WatchedDeposit[], log: Logger) {
      // Never count ETH from another chain (a testnet node behind a mainnet configuration).
      const chainId = quantity(await call('eth_chainId', []), 'eth_chainId');
      if (chainId !== BigInt(opts.chainId)) {
        throw new ChainApiError(`the node at ${opts.url} is on chain ${chainId}, ETH_CHAIN_ID is ${opts.chainId}`);
      }
      const latest = quantity(await call('eth_blockNumber', []), 'eth_blockNumber');
      const finalBlock = latest - BigInt(opts.confirmations - 1);
      if (finalBlock < 0n) throw new ChainApiError('the chain is shorter than the confirmation threshold');
      const finalTag = `0x${finalBlock.toString(16)}`;
      const result = new Map<string, DepositObservation>();
      const size = opts.batchSize ?? 50;
      for (let i = 0; i < deposits.length; i += size) {
        const chunk = deposits.slice(i, i + size);
        const answers = await batch(
          chunk.flatMap((d) => [
            { method: 'eth_getBalance', params: [d.address, 'latest'] },
            { method: 'eth_getBalance', params: [d.address, finalTag] },
          ]),
        );
        chunk.forEach((deposit, j) => {
          const [atLatest, atFinal] = [answers[2 * j]!, answers[2 * j + 1]!];
          try {
            if (atLatest.error || atFinal.error)
              throw new ChainApiError((atLatest.error ?? atFinal.error)!.message ?? 'error');
            const seen = quantity(atLatest.result, 'eth_getBalance');
            const final = quantity(atFinal.result, 'eth_getBalance');
            result.set(deposit.id, { payments: balanceParts(seen, final, opts.confirmations), mode: 'snapshot' });
          } catch (err) {
            log.warn({ err, depositId: deposit.id, address: deposit.address }, 'could not read an ETH deposit balance');
          }
        });
      }
      if (deposits.length > 0 && result.size === 0)
        throw new ChainApiError(`no ETH balance could be read from ${opts.url}`);
      return result;
    },
  };
}

/**
 * A balance as payments: the confirmed part (final) and what arrived since (not final yet). There is
 * no txid; the address itself is unique to the deposit and stands in for it in the ledger key.
 */
function balanceParts(seen: bigint, final: bigint, confirmations: number): ObservedPayment[] {
  const parts: ObservedPayment[] = [];
  // A balance that fell since the final block means funds left the address (a sweep): count what
  // was final.
  const confirmedPart = final;
  const pendingPart = seen > final ? seen - final : 0n;
  if (confirmedPart > 0n) {
    parts.push({
      txid: null,
      output: 0,
      key: 'balance:final',
      amount: confirmedPart,
      confirmations,
      final: true,
      chainTime: null,
    });
  }
  if (pendingPart > 0n) {
    parts.push({
      txid: null,
      output: 1,
      key: 'balance:pending',
      amount: pendingPart,
      confirmations: 1,
      final: false,
      chainTime: null,
    });
  }
  return parts;
}
