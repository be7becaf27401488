// XRP: one deposit address for everyone, a unique destination tag per deposit; payments read with
// rippled's JSON-RPC account_tx. A payment in a validated ledger is final (no confirmations to count).
import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp } from '@scure/base';
import type { Logger } from 'pino';
import { postJson } from './http.ts';
import {
  ChainApiError,
  type ChainWatcher,
  type DepositAddressBook,
  type DepositObservation,
  type WatchedDeposit,
} from './index.ts';

/** A classic address: base58 (XRP alphabet) of 0x00 + 20-byte account id + 4-byte double-SHA256 checksum. */
export function isClassicAddress(text: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(text)) return false;
  try {
    const bytes = base58xrp.decode(text);
    if (bytes.length !== 25 || bytes[0] !== 0) return false;
    const check = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
    return check.every((b, i) => b === bytes[21 + i]);
  } catch {
    return false;
  }
}

/** The classic address of a 20-byte account id (HASH160 of a public key). */
export function classicAddress(accountId: Uint8Array): string {
  const payload = new Uint8Array([0, ...accountId]);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return base58xrp.encode(new Uint8Array([...payload, ...check]));
}

export function createRippleAddressBook(address: string): DepositAddressBook {
  if (!isClassicAddress(address)) throw new Error('XRP_DEPOSIT_ADDRESS must be a classic XRP address (r...)');
  return {
    coin: 'XRP',
    allocation: 'destination-tag',
    targetFor(n) {
      return { address, destinationTag: n, derivationIndex: null };
    },
  };
}

/** Seconds between the Unix epoch and the XRP Ledger's (2000-01-01). */
const RIPPLE_EPOCH = 946_684_800;

interface AccountTxEntry {
  meta?: { TransactionResult?: string; delivered_amount?: unknown };
  tx?: Record<string, unknown>;
  tx_json?: Record<string, unknown>;
  hash?: string;
  ledger_index?: number;
  close_time_iso?: string;
  validated?: boolean;
}

export interface RippledOptions {
  url: string;
  account: string;
  timeoutMs?: number;
  /** Transactions per page and pages per run (a cap, logged when reached). */
  pageSize?: number;
  maxPages?: number;
}

/**
 * Reads the account's validated history newest first, back to the oldest watched deposit (deposits
 * are watched for a bounded time), and matches Payments by DestinationTag. Only delivered_amount
 * counts: with a partial payment Amount is more than what arrived. Non-XRP (issued currency)
 * deliveries are ignored. Results are increments; the service merges them by transaction hash.
 */
export function createRippledWatcher(opts: RippledOptions): ChainWatcher {
  const http = { timeoutMs: opts.timeoutMs ?? 10_000 };
  return {
    coin: 'XRP',
    endpoint: opts.url,
    async observe(deposits: WatchedDeposit[], log: Logger) {
      const byTag = new Map<number, WatchedDeposit>();
      for (const d of deposits)
        if (d.destinationTag !== null && d.address === opts.account) byTag.set(d.destinationTag, d);
      const result = new Map<string, DepositObservation>(
        deposits.map((d) => [d.id, { payments: [], mode: 'increment' }]),
      );
      if (byTag.size === 0) return result;
      // Ledger close times are consensus times; a margin covers clock differences.
      const oldest = Math.min(...deposits.map((d) => d.createdAt.getTime())) - 10 * 60_000;
      let marker: unknown;
      for (let page = 0; page < (opts.maxPages ?? 25); page++) {
        const answer = (await postJson(
          opts.url,
          {
            method: 'account_tx',
            params: [
              {
                account: opts.account,
                ledger_index_min: -1,
                ledger_index_max: -1,
                forward: false,
                limit: opts.pageSize ?? 200,
                api_version: 1,
                ...(marker !== undefined ? { marker } : {}),
              },
            ],
          },
          http,
        )) as {
          result?: {
            status?: string;
            error?: string;
            error_message?: string;
            transactions?: AccountTxEntry[];
            marker?: unknown;
          };
        };
        const res = answer.result;
        if (!res || res.status !== 'success' || !Array.isArray(res.transactions)) {
          throw new ChainApiError(`account_tx: ${res?.error_message ?? res?.error ?? 'unexpected answer'}`);
        }
        let reachedOld = false;
        for (const entry of res.transactions) {
          const tx = entry.tx ?? entry.tx_json;
          if (!tx) continue;
          const closeTime = closeTimeOf(entry, tx);
          if (closeTime !== null && closeTime.getTime() < oldest) {
            reachedOld = true;
            break;
          }
          if (entry.validated !== true) continue;
          if (tx.TransactionType !== 'Payment' || tx.Destination !== opts.account) continue;
          if (entry.meta?.TransactionResult !== 'tesSUCCESS') continue;
          const deposit = typeof tx.DestinationTag === 'number' ? byTag.get(tx.DestinationTag) : undefined;
          if (!deposit) continue;
          const delivered = entry.meta.delivered_amount;
          // XRP is a string of drops; an object is an issued currency, worth nothing here.
          if (typeof delivered !== 'string' || !/^\d+$/.test(delivered)) {
            log.warn(
              { depositId: deposit.id, hash: tx.hash ?? entry.hash },
              'a non-XRP payment to a deposit tag was ignored',
            );
            continue;
          }
          const hash = String(tx.hash ?? entry.hash ?? '');
          if (!hash) continue;
          result.get(deposit.id)!.payments.push({
            txid: hash,
            output: 0,
            key: `${hash}:0`,
            amount: BigInt(delivered),
            confirmations: 1,
            final: true,
            chainTime: closeTime,
          });
        }
        if (reachedOld || res.marker === undefined || res.marker === null) return result;
        marker = res.marker;
      }
      log.warn(
        { account: opts.account },
        'XRP history scan stopped at its page cap; older payments wait for the next run',
      );
      return result;
    },
  };
}

function closeTimeOf(entry: AccountTxEntry, tx: Record<string, unknown>): Date | null {
  if (typeof tx.date === 'number') return new Date((tx.date + RIPPLE_EPOCH) * 1000);
  if (typeof entry.close_time_iso === 'string') return new Date(entry.close_time_iso);
  return null;
}
