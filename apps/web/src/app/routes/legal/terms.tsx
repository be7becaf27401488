// Terms and Policies (spec section 2): the tab follows ?tab= (privacy by default, terms for Terms &
// Conditions), so links can open either one.
import { useSearchParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import type { TermsTab } from '../../../config/paths.ts';
import { LegalTabs } from '../../../features/legal/components/legal-tabs.tsx';
import { parseTermsTab } from '../../../features/legal/content.ts';

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTermsTab(searchParams.get('tab'));
  const selectTab = (next: TermsTab) => {
    if (next === tab) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <ContentLayout title="Terms and Policies" description="How we handle your data, and the rules of using Velvet.">
      <LegalTabs tab={tab} onTabChange={selectTab} />
    </ContentLayout>
  );
}
