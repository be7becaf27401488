// Customer Support (spec sections 2, 5 and 8): the support form, with the login modal for guests and
// toasts for the outcome; under it, for a member, their own requests and support's replies (issue 15).
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { selectIsLoggedIn } from '../../../features/auth/slice.ts';
import { openModal } from '../../../features/modals/slice.ts';
import { useListMyQnaQuery } from '../../../features/support/api.ts';
import { MyRequests } from '../../../features/support/components/my-requests.tsx';
import { SupportForm } from '../../../features/support/components/support-form.tsx';
import { useToast } from '../../../features/toast/use-toast.ts';
import { useAppDispatch, useAppSelector } from '../../hooks.ts';

export function Component() {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const toast = useToast();
  const mine = useListMyQnaQuery(undefined, { skip: !isLoggedIn });
  return (
    <ContentLayout
      title="Customer Support"
      description="Questions about your account, billing or generations? Send us a message."
    >
      <SupportForm
        isLoggedIn={isLoggedIn}
        onLoginRequired={() => dispatch(openModal('login'))}
        notify={toast}
        onSent={() => void mine.refetch()}
      />
      {isLoggedIn ? <MyRequests requests={mine.data?.list ?? []} loading={mine.isLoading} /> : null}
    </ContentLayout>
  );
}
