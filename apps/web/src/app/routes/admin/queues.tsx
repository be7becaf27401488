// The support console's Queues screen (issue 15, docs/support.md "Queues"), inside the console layout.
import { QueuesScreen } from '../../../features/console-queues/components/queues-screen.tsx';
import { useToast } from '../../../features/toast/use-toast.ts';

export function Component() {
  return <QueuesScreen notify={useToast()} />;
}
