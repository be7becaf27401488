import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout title="Explore" description="Discover what the community is creating." />;
}
