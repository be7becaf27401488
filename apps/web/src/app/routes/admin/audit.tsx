// The console's Audit log area (issue 15): the screen of features/console-audit.
import { AuditScreen } from '../../../features/console-audit/components/audit-screen.tsx';

export function Component() {
  return <AuditScreen />;
}
