// The support console's Moderation screen (issue 15, docs/support.md "Moderation"), inside the console layout.
import { ModerationScreen } from '../../../features/console-moderation/components/moderation-screen.tsx';
import { useToast } from '../../../features/toast/use-toast.ts';

export function Component() {
  return <ModerationScreen notify={useToast()} />;
}
