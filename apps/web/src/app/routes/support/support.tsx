import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout title="Customer Support" description="Send us a message and we will reply within 24 hours." />;
}
