import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout title="My Collections" description="Everything you have generated, in one place." />;
}
