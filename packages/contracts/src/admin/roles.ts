// Roles of the support console (issue 15): member, support (the console), admin (support plus grants
// and role changes). The session and the token carry the role; the database stays authoritative.
import { z } from 'zod';
import { zOneOf } from '../common.ts';

export const MEMBER_ROLES = ['member', 'support', 'admin'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

/** The roles that open the support console (the 'Support console' entry and every /api/admin route). */
export const CONSOLE_ROLES = ['support', 'admin'] as const satisfies readonly TMemberRole[];
export type TConsoleRole = (typeof CONSOLE_ROLES)[number];

export const ZMemberRole = zOneOf('role', MEMBER_ROLES);

/** True when a session of this role may open the console (an old stored session has no role: no). */
export function canUseConsole(role: TMemberRole | undefined | null): role is TConsoleRole {
  return role === 'support' || role === 'admin';
}

export const ZConsoleRole = z.enum(CONSOLE_ROLES);
