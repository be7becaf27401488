import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout title="Liked Contents" description="Images you liked across the gallery." />;
}
