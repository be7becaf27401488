// Roles of the support console (issue 15): member, support (the console), admin (support plus grants
// and role changes). The session and the token carry the role; the database stays authoritative.
// The names and canUseConsole live in role-names.ts (no zod) for the web app's first load.
import { z } from 'zod';
import { zOneOf } from '../common.ts';
import { CONSOLE_ROLES, MEMBER_ROLES } from './role-names.ts';

export { canUseConsole, CONSOLE_ROLES, MEMBER_ROLES, type TConsoleRole, type TMemberRole } from './role-names.ts';

export const ZMemberRole = zOneOf('role', MEMBER_ROLES);

export const ZConsoleRole = z.enum(CONSOLE_ROLES);
