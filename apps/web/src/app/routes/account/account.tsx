import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout title="Manage Account" description="Your profile, membership and coins." />;
}
