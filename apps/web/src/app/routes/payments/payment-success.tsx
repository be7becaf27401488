import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout centered title="Verifying payment..." documentTitle="Payment" />;
}
