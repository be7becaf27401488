// Chains: where a deposit's address comes from and how payments to it are observed. One file per coin
// (bitcoin.ts: BIP84 + Esplora, ethereum.ts: BIP44 + JSON-RPC balances, ripple.ts: one address with
// destination tags + rippled account_tx). Only public keys are used: nothing here can spend.
import type { CryptoCoin } from '@velvet/contracts/options';
import type { Logger } from 'pino';

/** Where a new deposit is paid. */
export interface DepositTarget {
  address: string;
  /** XRP only. */
  destinationTag: number | null;
  /** BTC/ETH: the HD child index the address was derived from. */
  derivationIndex: number | null;
}

/** How a chain allocates targets: an HD index per deposit, or a tag per deposit on one address. */
export interface DepositAddressBook {
  coin: CryptoCoin;
  /** Which counter supplies `n` (a PostgreSQL sequence; never reused). */
  allocation: 'derivation-index' | 'destination-tag';
  targetFor(n: number): DepositTarget;
}

/** A deposit the watcher asks about. */
export interface WatchedDeposit {
  id: string;
  address: string;
  destinationTag: number | null;
  createdAt: Date;
  seenAt: Date | null;
}

/** One payment (or, for ETH, one part of a balance) to a deposit. */
export interface ObservedPayment {
  /** null when the source has no transaction id (ETH balances). */
  txid: string | null;
  /** Output index (BTC vout); 0 elsewhere. Part of the ledger idempotency key. */
  output: number;
  /** Stored and merged by this key. */
  key: string;
  /** Base units (satoshi, wei, drops). */
  amount: bigint;
  confirmations: number;
  /** Enough confirmations for this coin (XRP: in a validated ledger). */
  final: boolean;
  /** When the chain says it happened (block or ledger close time), when known. */
  chainTime: Date | null;
}

export interface DepositObservation {
  payments: ObservedPayment[];
  /**
   * snapshot: this is everything paid to the deposit (BTC, ETH); a payment missing now was dropped
   * (replaced in the mempool). increment: only what this scan found; earlier finds stay (XRP, whose
   * validated payments never change).
   */
  mode: 'snapshot' | 'increment';
}

export interface ChainWatcher {
  coin: CryptoCoin;
  /** What it talks to, for logs. */
  endpoint: string;
  /**
   * Observes the deposits. A deposit missing from the result could not be read this time (an error
   * for that address); the others are still reported. Throws when nothing could be read.
   */
  observe(deposits: WatchedDeposit[], log: Logger): Promise<Map<string, DepositObservation>>;
}

/** A coin this deployment takes deposits in: where addresses come from and what watches them. */
export interface Chain {
  coin: CryptoCoin;
  addresses: DepositAddressBook;
  /** null: nothing watches this chain (demo keys without a configured chain URL). */
  watcher: ChainWatcher | null;
  /** The address comes from the public demo keys. */
  demo: boolean;
}

export type Chains = Record<CryptoCoin, Chain | null>;

/** A chain API answered with an error or nonsense. */
export class ChainApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainApiError';
  }
}
