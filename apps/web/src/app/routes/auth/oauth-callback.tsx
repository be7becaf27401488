import { SocialCallback } from '../../../features/auth/components/social-callback.tsx';

export function Component() {
  return <SocialCallback />;
}
