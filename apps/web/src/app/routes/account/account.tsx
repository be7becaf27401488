// Manage Account (spec sections 2 and 4). Logged out: a prompt and a Log In button, and the login
// modal opens on arrival. Logged in: the member is read fresh from the server (the stored user is
// refreshed with it), then the Account, Membership (with the plan the card processor renews, issue 16)
// and Delete account sections.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { LoginPrompt } from '../../../components/ui/login-prompt.tsx';
import { paths } from '../../../config/paths.ts';
import { AccountDetails } from '../../../features/account/components/account-details.tsx';
import { DeleteAccount } from '../../../features/account/components/delete-account.tsx';
import { EmailVerification } from '../../../features/account/components/email-verification.tsx';
import { MembershipDetails } from '../../../features/account/components/membership-details.tsx';
import { ACCOUNT_MESSAGES } from '../../../features/account/account-messages.ts';
import { useGetMemberQuery } from '../../../features/account/api.ts';
import { useGetSubscriptionQuery } from '../../../features/account/subscription-api.ts';
import { AccountLoadState, AccountSections } from '../../../features/account/components/account-layout.tsx';
import {
  clearSession,
  selectIsLoggedIn,
  selectToken,
  selectUser,
  setSession,
  updateUser,
} from '../../../features/auth/slice.ts';
import { openModal } from '../../../features/modals/slice.ts';
import { useToast } from '../../../features/toast/use-toast.ts';
import { usePageRestored } from '../../../lib/use-page-restored.ts';
import { useAppDispatch, useAppSelector } from '../../hooks.ts';

const TITLE = 'Manage Account';

export function Component() {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  // Only a visitor who arrives logged out gets the login modal; logging out here does not reopen it.
  const [loginOnArrival] = useState(!isLoggedIn);

  useEffect(() => {
    if (loginOnArrival) dispatch(openModal('login'));
  }, [loginOnArrival, dispatch]);

  if (!isLoggedIn) {
    return (
      <ContentLayout title={TITLE} description="Your profile, membership and coins.">
        <LoginPrompt message="Please log in to manage your account." onLogin={() => dispatch(openModal('login'))} />
      </ContentLayout>
    );
  }
  return (
    <ContentLayout title={TITLE} description="Your profile, membership and coins.">
      <MemberAccount />
    </ContentLayout>
  );
}

function MemberAccount() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const hasUser = user !== null;
  const {
    data: member,
    isError,
    refetch,
  } = useGetMemberQuery(undefined, {
    skip: !token,
    refetchOnMountOrArgChange: true,
  });
  // Read afresh on every visit: the member may come back from the processor's cancel page.
  const { data: renewing, refetch: refetchSubscription } = useGetSubscriptionQuery(undefined, {
    skip: !token,
    refetchOnMountOrArgChange: true,
  });
  usePageRestored(() => {
    if (!token) return;
    void refetch();
    void refetchSubscription();
  });

  // Keep the stored user (side panel, balance chip) in step with the server.
  useEffect(() => {
    if (!member || !token) return;
    const { member_id, email, nicname, picture, cur_tokens, member_kind, email_verified } = member;
    const fields = { member_id, email, nicname, picture, cur_tokens, member_kind, email_verified };
    dispatch(hasUser ? updateUser(fields) : setSession({ ...fields, token }));
  }, [member, token, hasUser, dispatch]);

  const shown = user ?? member;
  if (!shown) return <AccountLoadState failed={isError} onRetry={() => void refetch()} />;

  return (
    <AccountSections>
      <AccountDetails
        nickname={shown.nicname}
        email={shown.email}
        onNicknameSaved={(nicname) => dispatch(updateUser({ nicname }))}
        notify={toast}
      />
      {member?.email_verified === false ? <EmailVerification email={member.email} notify={toast} /> : null}
      <MembershipDetails
        memberKind={shown.member_kind}
        balance={shown.cur_tokens}
        membershipExpiresAt={member?.membership_expires_at ?? null}
        subscription={renewing?.subscription ?? null}
        notify={toast}
      />
      <DeleteAccount
        notify={toast}
        onDeleted={() => {
          dispatch(clearSession());
          toast.success(ACCOUNT_MESSAGES.accountDeleted);
          void navigate(paths.home);
        }}
      />
    </AccountSections>
  );
}
