import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { paths } from '../../../config/paths.ts';

export function Component() {
  return (
    <ContentLayout centered title="Payment Cancelled" description="Your payment was cancelled. No charges were made.">
      <Link to={paths.root} className={buttonClassName({ variant: 'primary' })}>
        Return to Home
      </Link>
    </ContentLayout>
  );
}
