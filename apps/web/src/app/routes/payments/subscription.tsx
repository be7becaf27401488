// Membership plans (spec sections 2 and 4): the Monthly/Yearly switch (default yearly), the three plan
// cards with their coins, price per month and features, and the FAQ. Purchase goes to the login modal
// or, signed in, to the payment method chooser.
import { useState } from 'react';
import { DEFAULT_BILLING_PERIOD, PLANS, type BillingPeriod } from '@velvet/contracts/catalog';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { FaqAccordion } from '../../../features/payments/components/faq-accordion.tsx';
import {
  BillingToggle,
  CardGrid,
  PaymentReassurance,
  PlanCard,
  PricingSection,
} from '../../../features/payments/components/pricing.tsx';
import { SUBSCRIPTION_FAQ } from '../../../features/payments/faq.ts';
import { useStartPurchase } from './use-start-purchase.ts';

export function Component() {
  const [period, setPeriod] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  const { purchasePlan, cardAvailable } = useStartPurchase();
  return (
    <ContentLayout
      eyebrow="Membership plans"
      title="Create anything you can imagine."
      documentTitle="Membership plans"
      description="Choose a plan for a generous supply of coins, every model and style, and 4k upscaling."
    >
      <BillingToggle value={period} onChange={setPeriod} />
      <CardGrid label="Membership plans">
        {PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} period={period} onPurchase={(chosen) => purchasePlan(chosen, period)} />
        ))}
      </CardGrid>
      <PaymentReassurance cardAvailable={cardAvailable} />
      <PricingSection title="Frequently Asked Questions">
        <FaqAccordion items={SUBSCRIPTION_FAQ} />
      </PricingSection>
    </ContentLayout>
  );
}
