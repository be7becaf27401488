// Payment method chooser (spec sections 2 and 4): Credit Cards, greyed out and disabled unless card
// payments are configured on this deployment, and the crypto options Bitcoin, Ethereum and Ripple.
// Picking a coin hands it to the caller, which closes this modal and opens wallet creation. With a
// processor that takes cards on its own page (issue 16), Credit Cards leaves for that page: the chooser
// stays open meanwhile, saying so, with every choice disabled.
import type { TPaymentDetails } from '@velvet/contracts/entities';
import type { CryptoCoin } from '@velvet/contracts/options';
import { Modal } from '../../../components/ui/modal.tsx';
import { CRYPTO_OPTIONS } from '../coins.ts';
import { ChevronRightIcon, CreditCardIcon, LockIcon } from '../../../components/ui/icons.tsx';
import { CoinMark } from './payment-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CARD_MESSAGES } from '../card-payment.ts';
import { PurchaseSummaryBox } from './purchase-summary.tsx';
import styles from './payment-modals.module.css';

export interface PaymentMethodModalProps {
  open: boolean;
  details: TPaymentDetails;
  /** Card payments are configured (GET /api/payment/config); false while that is unknown. */
  cardAvailable: boolean;
  /** The browser is on its way to the card processor's payment page. */
  cardRedirecting?: boolean;
  onClose(): void;
  onChooseCard(): void;
  onChooseCrypto(coin: CryptoCoin): void;
}

export function PaymentMethodModal({
  open,
  details,
  cardAvailable,
  cardRedirecting = false,
  onClose,
  onChooseCard,
  onChooseCrypto,
}: PaymentMethodModalProps) {
  const cardHint = !cardAvailable
    ? 'Not available'
    : cardRedirecting
      ? CARD_MESSAGES.redirecting
      : 'Visa, Mastercard, American Express';
  return (
    <Modal open={open} onClose={onClose} title="Choose Payment Method" size="wide" testId="payment-method-modal">
      <PurchaseSummaryBox details={details} />

      <p className={styles.groupLabel}>Card</p>
      <button
        type="button"
        className={styles.method}
        disabled={!cardAvailable || cardRedirecting}
        aria-busy={cardRedirecting || undefined}
        onClick={onChooseCard}
        data-testid="method-card"
      >
        <span className={`${styles.methodIcon} ${styles.cardIcon}`} aria-hidden="true">
          <CreditCardIcon size={20} />
        </span>
        <span className={styles.methodText}>
          <span className={styles.methodName}>Credit Cards</span>
          <span className={styles.methodHint} data-testid="method-card-hint">
            {cardHint}
          </span>
        </span>
        {cardRedirecting ? (
          <Spinner size={18} className={styles.methodChevron} />
        ) : cardAvailable ? (
          <ChevronRightIcon size={18} className={styles.methodChevron} />
        ) : null}
      </button>
      {/* A button's content is not announced as it changes: the live region says it. */}
      <p className="visually-hidden" role="status">
        {cardRedirecting ? CARD_MESSAGES.redirecting : ''}
      </p>

      <p className={styles.groupLabel}>Crypto</p>
      <div className={styles.methods} role="group" aria-label="Crypto">
        {CRYPTO_OPTIONS.map(({ coin, name }) => (
          <button
            key={coin}
            type="button"
            className={styles.method}
            disabled={cardRedirecting}
            onClick={() => onChooseCrypto(coin)}
            data-testid={`method-${coin}`}
          >
            <span className={styles.methodIcon} aria-hidden="true">
              <CoinMark coin={coin} size={36} />
            </span>
            <span className={styles.methodText}>
              <span className={styles.methodName}>{name}</span>
              <span className={styles.methodHint}>{coin}</span>
            </span>
            <ChevronRightIcon size={18} className={styles.methodChevron} />
          </button>
        ))}
      </div>

      <p className={styles.footnote}>
        <LockIcon size={14} />
        Payments are processed securely. Prices are in US$.
      </p>
    </Modal>
  );
}
