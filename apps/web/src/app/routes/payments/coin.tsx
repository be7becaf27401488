// Coin packs (spec sections 2 and 4): one card per pack with its coins, price and 'provided
// immediately', and the FAQ. Buy goes to the login modal or, signed in, to the payment method chooser.
import { COIN_PACKS } from '@velvet/contracts/catalog';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { FaqAccordion } from '../../../features/payments/components/faq-accordion.tsx';
import {
  CardGrid,
  CoinPackCard,
  PaymentReassurance,
  PricingSection,
} from '../../../features/payments/components/pricing.tsx';
import { COIN_FAQ } from '../../../features/payments/faq.ts';
import { bestValuePack } from '../../../features/payments/payment-details.ts';
import { useStartPurchase } from './use-start-purchase.ts';

export function Component() {
  const { buyCoinPack, cardAvailable } = useStartPurchase();
  const best = bestValuePack(COIN_PACKS);
  return (
    <ContentLayout
      eyebrow="Coin packs"
      title="Top Up on Coins. Recharge Your Creativity!"
      documentTitle="Coin packs"
      description="One-off packs, no subscription. Coins never expire and are ready to spend right away."
    >
      <CardGrid label="Coin packs">
        {COIN_PACKS.map((pack) => (
          <CoinPackCard key={pack.amount} pack={pack} bestValue={pack === best} onBuy={buyCoinPack} />
        ))}
      </CardGrid>
      <PaymentReassurance cardAvailable={cardAvailable} />
      <PricingSection title="Frequently Asked Questions">
        <FaqAccordion items={COIN_FAQ} />
      </PricingSection>
    </ContentLayout>
  );
}
