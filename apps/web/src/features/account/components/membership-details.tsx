// Membership section: the tier name, when a paid membership ends, the plan the card processor renews
// (issue 16) and the coin balance.
import { Link } from 'react-router';
import { formatBalance } from '@velvet/contracts/format';
import { tierName } from '@velvet/contracts/options';
import type { TSubscription } from '@velvet/contracts/payment/subscription';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { CalendarIcon, CoinIcon, CrownIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import type { Notify } from '../../../lib/notify.ts';
import { formatMembershipExpiry } from '../account-messages.ts';
import styles from './account.module.css';
import { SubscriptionRenewal } from './subscription-renewal.tsx';

export interface MembershipDetailsProps {
  memberKind: string;
  balance: number;
  membershipExpiresAt: string | null;
  /** The plan the card processor renews (GET /api/payment/subscription); null when there is none. */
  subscription?: TSubscription | null;
  notify: Notify;
}

export function MembershipDetails({
  memberKind,
  balance,
  membershipExpiresAt,
  subscription = null,
  notify,
}: MembershipDetailsProps) {
  const tier = tierName(memberKind);
  const expiry = formatMembershipExpiry(membershipExpiresAt);
  return (
    <section className={styles.card} aria-labelledby="membership-heading" data-testid="membership-section">
      <h2 id="membership-heading" className={styles.cardTitle}>
        Membership
      </h2>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt className={styles.term}>
            <CrownIcon size={18} />
            Plan
          </dt>
          <dd className={styles.value}>
            <div className={styles.inline}>
              <span className={styles.tier} data-tier={tier} data-testid="membership-tier">
                {tier}
              </span>
              <Link to={paths.subscription} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                {tier === 'Free' ? 'Upgrade' : 'Change plan'}
              </Link>
            </div>
          </dd>
        </div>
        {expiry ? (
          <div className={styles.row}>
            <dt className={styles.term}>
              <CalendarIcon size={18} />
              Valid until
            </dt>
            <dd className={styles.value}>
              <time
                dateTime={membershipExpiresAt ?? undefined}
                className={styles.strong}
                data-testid="membership-expiry"
              >
                {expiry}
              </time>
            </dd>
          </div>
        ) : null}
        {subscription ? <SubscriptionRenewal subscription={subscription} notify={notify} /> : null}
        <div className={styles.row}>
          <dt className={styles.term}>
            <CoinIcon size={18} />
            Balance
          </dt>
          <dd className={styles.value}>
            <div className={styles.inline}>
              <span
                className={styles.strong}
                data-testid="membership-balance"
                title={`${balance.toLocaleString('en-US')} Coins`}
              >
                {formatBalance(balance)} Coins
              </span>
              <Link to={paths.coin} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                Top up
              </Link>
            </div>
          </dd>
        </div>
      </dl>
    </section>
  );
}
