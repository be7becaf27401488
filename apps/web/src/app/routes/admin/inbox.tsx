// The support console's Inbox (issue 15, docs/support.md "Inbox"), inside the console layout.
import { InboxScreen } from '../../../features/console-inbox/components/inbox-screen.tsx';
import { useToast } from '../../../features/toast/use-toast.ts';

export function Component() {
  const toast = useToast();
  return <InboxScreen notify={toast} />;
}
