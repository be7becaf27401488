// The console's Members area (issue 15): the screen of features/console-members, with the viewer's
// role (role changes are an admin's) and the product's toasts.
import { canUseConsole } from '@velvet/contracts/admin/roles';
import { selectRole } from '../../../features/auth/slice.ts';
import { MembersScreen } from '../../../features/console-members/components/members-screen.tsx';
import { useToast } from '../../../features/toast/use-toast.ts';
import { useAppSelector } from '../../hooks.ts';

export function Component() {
  const role = useAppSelector(selectRole);
  const toast = useToast();
  // The console layout shows this only to support and admins.
  if (!canUseConsole(role)) return null;
  return <MembersScreen viewerRole={role} notify={(message) => toast.success(message)} />;
}
