import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout centered title="Authentication in progress..." documentTitle="Signing in" />;
}
