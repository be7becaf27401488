import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { ContentLayout } from '../../components/layouts/content-layout.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <ContentLayout
      centered
      eyebrow="404"
      title="Page not found"
      description="The page you are looking for does not exist."
    >
      <Link to={paths.root} className={buttonClassName({ variant: 'primary' })}>
        Go to home
      </Link>
    </ContentLayout>
  );
}
