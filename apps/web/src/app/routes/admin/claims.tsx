// The support console's Claims screen (issue 15, docs/support.md "Claims"), inside the console layout.
import { ClaimsScreen } from '../../../features/console-claims/components/claims-screen.tsx';
import { useToast } from '../../../features/toast/use-toast.ts';

export function Component() {
  const toast = useToast();
  return <ClaimsScreen notify={toast} />;
}
