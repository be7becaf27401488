import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { ResetPasswordScreen } from '../../../features/auth/components/reset-password-screen.tsx';
import { openModal } from '../../../features/modals/slice.ts';

export function Component() {
  const dispatch = useDispatch();
  const openLogin = useCallback(() => dispatch(openModal('login')), [dispatch]);
  return <ResetPasswordScreen onLogin={openLogin} />;
}
