import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return (
    <ContentLayout
      eyebrow="Membership plans"
      title="Create anything you can imagine."
      documentTitle="Membership plans"
    />
  );
}
