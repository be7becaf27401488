// /admin opens the console on its Inbox.
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

export function Component() {
  return <Navigate to={paths.adminInbox} replace />;
}
