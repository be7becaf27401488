import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return <ContentLayout title="Terms and Policies" description="Privacy Policy and Terms & Conditions." />;
}
