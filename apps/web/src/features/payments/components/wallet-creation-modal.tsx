// Crypto wallet creation (spec sections 2, 4 and 8). On opening, the coin's rate is fetched (without a
// token nothing happens); the amount to deposit is the price times the rate, to 8 decimals. 'Create
// Wallet' asks for a deposit address; then the address and the amount (and for XRP the destination
// tag) each have a copy button with a 2-second confirmation. 'Buy Coins' opens an exchange in a new
// tab. Failures are only logged. Once there is an address, the deposit's progress comes live from the
// member event stream, up to the coins being added. The address comes from useWalletAddress, the
// progress from useDepositTracking; this file only renders.
import { CRYPTO, TIMINGS } from '@velvet/contracts/catalog';
import type { TPaymentDetails } from '@velvet/contracts/entities';
import type { CryptoCoin } from '@velvet/contracts/options';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import {
  AlertCircleIcon,
  CheckCircleIcon,
  CheckIcon,
  ExternalIcon,
  InfoIcon,
  WalletIcon,
} from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCopyConfirm } from '../../../lib/use-copy-feedback.ts';
import { CRYPTO_COIN_NAMES, needsDestinationTag } from '../coins.ts';
import { DEPOSIT_STEPS, stepState, type DepositView } from '../deposit-status.ts';
import { EXCHANGE, exchangeUrlFor } from '../exchange-links.ts';
import { useDepositTracking, type DepositCredited } from '../hooks/use-deposit-tracking.ts';
import { useWalletAddress, WALLET_TEXTS } from '../hooks/use-wallet-address.ts';
import { formatUsd } from '../payment-details.ts';
import { PurchaseSummaryBox } from './purchase-summary.tsx';
import styles from './payment-modals.module.css';

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
  const { coin, usd, rate, computed, amount, tag, wallet, creating, create } = useWalletAddress(details, token);
  const coinName = CRYPTO_COIN_NAMES[coin];
  const progress = useDepositTracking({
    deposit: wallet ? { coin, depositId: wallet.deposit_id } : null,
    token,
    onCredited,
  });
  const { copied, copy } = useCopyConfirm<CopyKey>(TIMINGS.walletCopyConfirmMs);

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
            <CopyButton
              className={styles.copyButton}
              label="Copy amount"
              copied={copied === 'amount'}
              onClick={() => void copy('amount', amount)}
            />
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
          disabled={!computed || creating}
          onClick={() => void create()}
        >
          {creating ? <Spinner size={18} /> : <WalletIcon size={18} />}
          Create Wallet
        </Button>
      )}

      {wallet ? (
        <DepositProgress view={progress} coin={coin} expiresAt={wallet.expires_at} isDemo={wallet.is_demo} />
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
          <CopyButton
            className={styles.copyButton}
            label="Copy address"
            copied={copied === 'address'}
            onClick={() => onCopy('address', address)}
          />
        </div>
      </div>
      {tag ? (
        <div className={styles.field}>
          <p className={styles.fieldLabel}>Destination tag</p>
          <div className={styles.valueBox}>
            <code className={styles.address} data-testid="wallet-destination-tag">
              {tag}
            </code>
            <CopyButton
              className={styles.copyButton}
              label="Copy destination tag"
              copied={copied === 'tag'}
              onClick={() => onCopy('tag', tag)}
            />
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
