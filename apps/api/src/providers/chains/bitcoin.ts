// Bitcoin: a fresh BIP84 (native segwit, P2WPKH) receive address per deposit, m/84'/0'/0'/0/i from the
// configured account public key; payments read from an Esplora HTTP API (blockstream.info,
// mempool.space or a self-hosted electrs).
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import type { Logger } from 'pino';
import { parseAccountKey, receivePublicKey } from './hd-keys.ts';
import { getJson, getText, joinUrl, mapLimit } from './http.ts';
import {
  ChainApiError,
  type ChainWatcher,
  type DepositAddressBook,
  type DepositObservation,
  type ObservedPayment,
  type WatchedDeposit,
} from './index.ts';

export type BitcoinNetwork = 'mainnet' | 'testnet';
const HRP: Record<BitcoinNetwork, string> = { mainnet: 'bc', testnet: 'tb' };

/** The P2WPKH address of a compressed public key: bech32, witness version 0, HASH160. */
export function p2wpkhAddress(publicKey: Uint8Array, network: BitcoinNetwork): string {
  const program = ripemd160(sha256(publicKey));
  return bech32.encode(HRP[network], [0, ...bech32.toWords(program)]);
}

export function createBitcoinAddressBook(accountXpub: string, network: BitcoinNetwork): DepositAddressBook {
  const account = parseAccountKey(accountXpub, 'BTC_ACCOUNT_XPUB');
  if (account.network !== network) {
    throw new Error(`BTC_ACCOUNT_XPUB is a ${account.network} key (${account.prefix}) but BTC_NETWORK is ${network}`);
  }
  return {
    coin: 'BTC',
    allocation: 'derivation-index',
    targetFor(n) {
      return {
        address: p2wpkhAddress(receivePublicKey(account.key, n), network),
        destinationTag: null,
        derivationIndex: n,
      };
    },
  };
}

interface EsploraTx {
  txid: string;
  vout: Array<{ scriptpubkey_address?: string; value: number }>;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
}

function asTxs(value: unknown, url: string): EsploraTx[] {
  if (!Array.isArray(value)) throw new ChainApiError(`${url}: expected a list of transactions`);
  for (const tx of value as EsploraTx[]) {
    if (typeof tx?.txid !== 'string' || !Array.isArray(tx.vout) || typeof tx.status?.confirmed !== 'boolean') {
      throw new ChainApiError(`${url}: a transaction lacks txid, vout or status`);
    }
  }
  return value as EsploraTx[];
}

export interface EsploraOptions {
  baseUrl: string;
  confirmations: number;
  timeoutMs?: number;
  /** Addresses read at once (public Esplora servers rate-limit bursts). */
  concurrency?: number;
}

/** Esplora pages confirmed history 25 at a time; a deposit address never gets near this many pages. */
const CHAIN_PAGE = 25;
const MAX_PAGES = 8;

export function createEsploraWatcher(opts: EsploraOptions): ChainWatcher {
  const http = { timeoutMs: opts.timeoutMs ?? 10_000 };
  const url = (path: string) => joinUrl(opts.baseUrl, path);

  async function addressTxs(address: string): Promise<EsploraTx[]> {
    // The first page has up to 50 mempool and 25 confirmed transactions, newest first.
    const first = asTxs(await getJson(url(`address/${address}/txs`), http), url(`address/${address}/txs`));
    const all = [...first];
    let confirmed = first.filter((tx) => tx.status.confirmed);
    for (let page = 1; confirmed.length === CHAIN_PAGE && page < MAX_PAGES; page++) {
      const next = url(`address/${address}/txs/chain/${confirmed.at(-1)!.txid}`);
      confirmed = asTxs(await getJson(next, http), next);
      all.push(...confirmed);
    }
    return all;
  }

  return {
    coin: 'BTC',
    endpoint: opts.baseUrl,
    async observe(deposits: WatchedDeposit[], log: Logger) {
      const tipText = await getText(url('blocks/tip/height'), http);
      const tip = Number(tipText.trim());
      if (!Number.isSafeInteger(tip) || tip < 0)
        throw new ChainApiError(`blocks/tip/height answered ${tipText.slice(0, 50)}`);
      const result = new Map<string, DepositObservation>();
      await mapLimit(deposits, opts.concurrency ?? 4, async (deposit) => {
        try {
          const txs = await addressTxs(deposit.address);
          const payments: ObservedPayment[] = [];
          const seen = new Set<string>();
          for (const tx of txs) {
            if (seen.has(tx.txid)) continue;
            seen.add(tx.txid);
            tx.vout.forEach((out, output) => {
              if (out.scriptpubkey_address !== deposit.address) return;
              if (!Number.isSafeInteger(out.value) || out.value <= 0) return;
              const height = tx.status.confirmed ? tx.status.block_height : undefined;
              const confirmations = height !== undefined ? Math.max(0, tip - height + 1) : 0;
              payments.push({
                txid: tx.txid,
                output,
                key: `${tx.txid}:${output}`,
                amount: BigInt(out.value),
                confirmations,
                final: confirmations >= opts.confirmations,
                chainTime: tx.status.block_time ? new Date(tx.status.block_time * 1000) : null,
              });
            });
          }
          result.set(deposit.id, { payments, mode: 'snapshot' });
        } catch (err) {
          log.warn({ err, depositId: deposit.id, address: deposit.address }, 'could not read a BTC deposit address');
        }
      });
      if (deposits.length > 0 && result.size === 0) {
        throw new ChainApiError(`no BTC deposit address could be read from ${opts.baseUrl}`);
      }
      return result;
    },
  };
}
