// Crypto wallet creation (spec sections 2, 4 and 8). On opening, the coin's rate is fetched (without a
// token nothing happens); the amount to deposit is the price times the rate, to 8 decimals. 'Create
// Wallet' asks for a deposit address; then the address and the amount (and for XRP the destination
// tag) each have a copy button with a 2-second confirmation. 'Buy Coins' opens an exchange in a new
// tab. Failures are only logged. Once there is an address, the deposit's progress comes live from the
// member event stream, up to the coins being added.
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { CRYPTO, TIMINGS } from '@velvet/contracts/catalog';
import type { CryptoCoin } from '@velvet/contracts/options';
import type { TCreateWalletResponse } from '@velvet/contracts/payment/create-wallet';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import {
  AlertCircleIcon,
  CheckCircleIcon,
  CheckIcon,
  CopyIcon,
  ExternalIcon,
  InfoIcon,
  WalletIcon,
} from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paymentsApi, useCreateWalletMutation, useGetDepositQuery, useQueryRateQuery } from '../api.ts';
import { CRYPTO_COIN_NAMES, needsDestinationTag } from '../coins.ts';
import {
  DEPOSIT_STEPS,
  depositView,
  isFinalDeposit,
  newerSnapshot,
  stepState,
  type DepositSnapshot,
  type DepositView,
} from '../deposit-status.ts';
import { EXCHANGE, exchangeUrlFor } from '../exchange-links.ts';
import { useCopyConfirm } from '../../../lib/use-copy-feedback.ts';
import { useDepositEvents } from '../hooks/use-deposit-events.ts';
import { depositAmount, depositUsd, formatUsd, walletCreateRequest } from '../payment-details.ts';
import { PurchaseSummaryBox } from './purchase-summary.tsx';
import styles from './payment-modals.module.css';

export const WALLET_TEXTS = {
  rateFailed: 'Failed to fetch coin rate',
  createFailed: 'Failed to create wallet',
  tagRequired:
    'The destination tag is required. Enter it exactly as shown when you send XRP: a deposit without it cannot be credited to your account.',
} as const;

export interface DepositCredited {
  cur_tokens?: number | undefined;
  member_kind?: string | undefined;
}

export interface WalletCreationModalProps {
  open: boolean;
  details: TPaymentDetails;
  /** The session token; without it the rate is not fetched. */
  token: string | null;
  onClose(): void;
  /** The deposit has been credited: the new balance and member kind, when the event carries them. */
  onCredited(credited: DepositCredited): void;
}

export function WalletCreationModal({ open, ...props }: WalletCreationModalProps) {
  // Mounted only while open, so every opening fetches the rate afresh and starts without an address.
  return open ? <WalletDialog {...props} /> : null;
}

type CopyKey = 'address' | 'amount' | 'tag';

function WalletDialog({ details, token, onClose, onCredited }: Omit<WalletCreationModalProps, 'open'>) {
  const coin = details.selectedCoin;
  const coinName = CRYPTO_COIN_NAMES[coin];
  const usd = depositUsd(details);
  const rate = useQueryRateQuery(coin, { skip: !token, refetchOnMountOrArgChange: true });
  const [createWallet, creation] = useCreateWalletMutation();
  const [wallet, setWallet] = useState<TCreateWalletResponse | null>(null);
  const [fromEvents, setFromEvents] = useState<DepositSnapshot | null>(null);
  const credited = useRef(false);
  const { copied, copy } = useCopyConfirm<CopyKey>(TIMINGS.walletCopyConfirmMs);
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();

  useEffect(() => {
    if (rate.isError) console.error(WALLET_TEXTS.rateFailed, rate.error);
  }, [rate.isError, rate.error]);

  const computed = rate.data ? depositAmount(usd, rate.data.coin_cnt_per_dollar) : null;
  // Once there is an address, the server's amount (priced from its own rate) is the one to send.
  const amount = wallet ? wallet.request_coin_text || wallet.request_coin_cnt.toFixed(CRYPTO.amountDecimals) : computed;
  const tag = wallet?.destination_tag != null ? String(wallet.destination_tag) : null;

  const depositArg = wallet && token ? wallet.deposit_id : skipToken;
  const streaming = useDepositEvents({
    deposit: wallet ? { coin, depositId: wallet.deposit_id } : null,
    onDeposit: (event) => {
      setFromEvents((current) => newerSnapshot(current, event));
      if (event.status === 'credited' && !credited.current) {
        credited.current = true;
        onCredited({ cur_tokens: event.cur_tokens, member_kind: event.member_kind });
      }
    },
    onReopen: () => {
      if (wallet) void dispatch(paymentsApi.endpoints.getDeposit.initiate(wallet.deposit_id, { forceRefetch: true }));
    },
  });
  // What the last read said (no request of its own), so that polling ends with the deposit.
  const lastRead = paymentsApi.endpoints.getDeposit.useQueryState(depositArg).data;
  const shownBefore = lastRead ? newerSnapshot(fromEvents, lastRead) : fromEvents;
  // Read once the address is there, again whenever the stream reopens, and every 5 s while it is down
  // until the deposit is credited or has failed.
  const polled = useGetDepositQuery(depositArg, {
    pollingInterval: streaming || isFinalDeposit(shownBefore) ? 0 : TIMINGS.statusPollMs,
  });
  const polledStatus = polled.data?.status;
  useEffect(() => {
    // Credited while the stream was down: the poll has no balance, the caller reads it afresh.
    if (polledStatus === 'credited' && !credited.current) {
      credited.current = true;
      onCredited({});
    }
  }, [polledStatus, onCredited]);
  const snapshot = polled.data ? newerSnapshot(fromEvents, polled.data) : fromEvents;

  const onCreate = async () => {
    if (!computed || creation.isLoading) return;
    try {
      setWallet(await createWallet(walletCreateRequest(details, coin, computed)).unwrap());
    } catch (error) {
      console.error(WALLET_TEXTS.createFailed, error);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Pay with ${coinName}`}
      size="wide"
      testId="wallet-creation-modal"
      describedBy="wallet-amount-label"
    >
      <PurchaseSummaryBox details={details} />

      <div className={styles.field}>
        <p className={styles.fieldLabel} id="wallet-amount-label">
          Amount to deposit
        </p>
        <div className={styles.valueBox}>
          <span className={styles.amount} data-testid="wallet-amount">
            {amount ? (
              <>
                {amount} <span className={styles.unit}>{coin}</span>
              </>
            ) : rate.isError || !token ? (
              <span className={styles.muted}>—</span>
            ) : (
              <span className={styles.loadingText}>
                <Spinner size={16} /> Fetching the {coinName} rate…
              </span>
            )}
          </span>
          {wallet && amount ? (
            <CopyButton label="Copy amount" copied={copied === 'amount'} onCopy={() => void copy('amount', amount)} />
          ) : null}
        </div>
        <p className={styles.fieldHint}>
          {formatUsd(usd)}
          {rate.data ? ` at 1 USD = ${rate.data.coin_cnt_per_dollar.toFixed(CRYPTO.amountDecimals)} ${coin}` : ''}
        </p>
      </div>

      {wallet ? (
        <WalletDetails
          coin={coin}
          address={wallet.wallet_address}
          tag={tag}
          copied={copied}
          onCopy={(key, text) => void copy(key, text)}
        />
      ) : (
        <Button
          variant="primary"
          size="lg"
          block
          className={styles.createButton}
          disabled={!computed || creation.isLoading}
          onClick={() => void onCreate()}
        >
          {creation.isLoading ? <Spinner size={18} /> : <WalletIcon size={18} />}
          Create Wallet
        </Button>
      )}

      {wallet ? (
        <DepositProgress
          view={depositView(snapshot)}
          coin={coin}
          expiresAt={wallet.expires_at}
          isDemo={wallet.is_demo}
        />
      ) : null}

      <div className={styles.buyRow}>
        <p className={styles.buyText}>
          No {coinName} yet? Buy it with {EXCHANGE.currency} on {EXCHANGE.name}.
        </p>
        <a
          href={exchangeUrlFor(coin)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          data-testid="buy-coins"
        >
          Buy Coins
          <ExternalIcon size={15} />
        </a>
      </div>
    </Modal>
  );
}

function CopyButton({ label, copied, onCopy }: { label: string; copied: boolean; onCopy(): void }) {
  return (
    <button
      type="button"
      className={styles.copyButton}
      aria-label={label}
      data-copied={copied}
      onClick={onCopy}
      title={label}
    >
      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}

interface WalletDetailsProps {
  coin: CryptoCoin;
  address: string;
  tag: string | null;
  copied: CopyKey | null;
  onCopy(key: CopyKey, text: string): void;
}

function WalletDetails({ coin, address, tag, copied, onCopy }: WalletDetailsProps) {
  return (
    <>
      <div className={styles.field}>
        <p className={styles.fieldLabel}>{CRYPTO_COIN_NAMES[coin]} deposit address</p>
        <div className={styles.valueBox}>
          <code className={styles.address} data-testid="wallet-address">
            {address}
          </code>
          <CopyButton label="Copy address" copied={copied === 'address'} onCopy={() => onCopy('address', address)} />
        </div>
      </div>
      {tag ? (
        <div className={styles.field}>
          <p className={styles.fieldLabel}>Destination tag</p>
          <div className={styles.valueBox}>
            <code className={styles.address} data-testid="wallet-destination-tag">
              {tag}
            </code>
            <CopyButton label="Copy destination tag" copied={copied === 'tag'} onCopy={() => onCopy('tag', tag)} />
          </div>
        </div>
      ) : null}
      {needsDestinationTag(coin) ? (
        <div className={styles.warning} role="note" data-testid="destination-tag-warning">
          <AlertCircleIcon size={18} />
          <span>
            {tag
              ? WALLET_TEXTS.tagRequired
              : 'This address did not come with a destination tag. Please do not send XRP to it: contact Customer Support instead.'}
          </span>
        </div>
      ) : null}
    </>
  );
}

function formatTime(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

interface DepositProgressProps {
  view: DepositView;
  coin: CryptoCoin;
  expiresAt: string;
  isDemo: boolean;
}

function DepositProgress({ view, coin, expiresAt, isDemo }: DepositProgressProps) {
  const until = formatTime(expiresAt);
  return (
    <div
      className={styles.progress}
      data-testid="deposit-status"
      data-step={view.step}
      data-problem={view.problem ?? ''}
    >
      <ol className={styles.steps} aria-label="Deposit status">
        {DEPOSIT_STEPS.map(({ step, label, hint }) => {
          const state = stepState(step, view);
          return (
            <li
              key={step}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.stepMark} aria-hidden="true">
                {state === 'done' ? (
                  <CheckIcon size={14} />
                ) : state === 'current' && !view.problem ? (
                  <span className={styles.pulse} />
                ) : null}
              </span>
              <span className={styles.stepText}>
                <span className={styles.stepLabel}>{label}</span>
                {state === 'current' ? <span className={styles.stepHint}>{hint}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      {view.step === 'waiting' && !view.problem && until ? (
        <p className={styles.fieldHint} data-testid="deposit-expiry">
          This address waits for your payment until {until}.
        </p>
      ) : null}
      {isDemo ? (
        <p className={styles.note} role="note" data-testid="demo-address">
          <InfoIcon size={18} />
          <span>Demo address from public test keys: do not send real funds to it.</span>
        </p>
      ) : null}
      {view.received && view.requested && view.received !== '0' && view.step !== 'credited' ? (
        <p className={styles.fieldHint}>
          Received {view.received} of {view.requested} {coin}
        </p>
      ) : null}
      {view.step === 'credited' && !view.message ? (
        <p className={styles.success} role="status">
          <CheckCircleIcon size={18} />
          Payment received: your purchase has been added to your account.
        </p>
      ) : null}
      {view.message ? (
        <p className={view.problem ? styles.problem : styles.note} role="status" data-testid="deposit-message">
          {view.problem ? <AlertCircleIcon size={18} /> : <InfoIcon size={18} />}
          <span>{view.message}</span>
        </p>
      ) : null}
    </div>
  );
}
