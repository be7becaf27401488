// The house promo: what an ad slot shows when its kind has no ad zone (or the ad failed): coin packs
// and membership plans from the catalog, linking to /coin and /subscription.
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatCoins, promoContent, type AdKind } from '../ad-slots.ts';
import styles from './ads.module.css';

export function HousePromo({ kind }: { kind: AdKind }) {
  const { starterPack, biggestPack, popularPlan, lowestYearlyPrice } = promoContent();
  const plansFirst = kind === 'iframe';
  return (
    <aside
      className={[styles.promo, plansFirst ? styles.promoPlans : styles.promoCoins].join(' ')}
      data-testid="house-promo"
      aria-label="Velvet coins and plans"
    >
      <span className={styles.promoEyebrow}>{plansFirst ? 'Membership' : 'Coins'}</span>
      {plansFirst ? (
        <>
          <h3 className={styles.promoTitle}>Create more for less</h3>
          <p className={styles.promoText}>
            Plans from <strong>${lowestYearlyPrice}/month</strong> billed yearly. {popularPlan.name} is our most
            popular: {popularPlan.yearlyCoins} coins a year.
          </p>
        </>
      ) : (
        <>
          <h3 className={styles.promoTitle}>Top up and keep creating</h3>
          <p className={styles.promoText}>
            <strong>{formatCoins(starterPack.amount)} coins</strong> for ${starterPack.price}, up to{' '}
            {formatCoins(biggestPack.amount)} for ${biggestPack.price}. Provided immediately.
          </p>
        </>
      )}
      <div className={styles.promoActions}>
        <Link to={plansFirst ? paths.subscription : paths.coin} className={styles.promoPrimary}>
          {plansFirst ? 'See plans' : 'Buy coins'}
        </Link>
        <Link to={plansFirst ? paths.coin : paths.subscription} className={styles.promoSecondary}>
          {plansFirst ? 'Buy coins' : 'See plans'}
        </Link>
      </div>
    </aside>
  );
}
