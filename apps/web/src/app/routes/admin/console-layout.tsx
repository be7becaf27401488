// The support console's frame (issue 15, docs/support.md): its header, the area navigation (tabs on
// a desktop, a select on a phone) and the signed-in person with their role. Only support and admin
// sessions get it; anyone else sees the not-found screen (the API refuses them as well: 403).
import { canUseConsole } from '@velvet/contracts/admin/roles';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { selectRole, selectUser } from '../../../features/auth/slice.ts';
import { useAppSelector } from '../../hooks.ts';
import { Component as NotFound } from '../not-found.tsx';
import styles from './console-layout.module.css';

/** The console's areas in the order support works through them. */
export const CONSOLE_AREAS = [
  { label: 'Inbox', path: paths.adminInbox },
  { label: 'Claims', path: paths.adminClaims },
  { label: 'Moderation', path: paths.adminModeration },
  { label: 'Deposits & payments', path: paths.adminPayments },
  { label: 'Members', path: paths.adminMembers },
  { label: 'Queues', path: paths.adminQueues },
  { label: 'Audit log', path: paths.adminAudit },
] as const;

export function Component() {
  const role = useAppSelector(selectRole);
  const user = useAppSelector(selectUser);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!canUseConsole(role)) return <NotFound />;
  const current = CONSOLE_AREAS.find((area) => pathname === area.path || pathname.startsWith(`${area.path}/`));
  return (
    <div className={styles.console} data-testid="support-console">
      <header className={styles.header}>
        <div>
          <p className={styles.eyebrow}>Velvet</p>
          <h1 className={styles.title}>Support console</h1>
        </div>
        <p className={styles.who} data-testid="console-signed-in">
          <span>{user?.email ?? ''}</span>
          <span className={styles.role}>{role}</span>
        </p>
      </header>
      <nav className={styles.tabs} aria-label="Console areas">
        {CONSOLE_AREAS.map((area) => (
          <NavLink
            key={area.path}
            to={area.path}
            className={({ isActive }) => [styles.tab, isActive ? styles.active : undefined].filter(Boolean).join(' ')}
          >
            {area.label}
          </NavLink>
        ))}
      </nav>
      <div className={styles.areaSelect}>
        <select
          aria-label="Console area"
          value={current?.path ?? ''}
          onChange={(event) => void navigate(event.target.value)}
        >
          {current ? null : <option value="">Choose an area</option>}
          {CONSOLE_AREAS.map((area) => (
            <option key={area.path} value={area.path}>
              {area.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.area}>
        <Outlet />
      </div>
    </div>
  );
}
