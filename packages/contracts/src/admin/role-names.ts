// The roles' names and who may open the console, without zod: the web app's root route (on every
// first load) needs canUseConsole, and zod stays off the first load (docs/performance.md, "No zod on
// the first load"). roles.ts re-exports these with the roles' schemas.

export const MEMBER_ROLES = ['member', 'support', 'admin'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];

/** The roles that open the support console (the 'Support console' entry and every /api/admin route). */
export const CONSOLE_ROLES = ['support', 'admin'] as const satisfies readonly TMemberRole[];
export type TConsoleRole = (typeof CONSOLE_ROLES)[number];

/** True when a session of this role may open the console (an old stored session has no role: no). */
export function canUseConsole(role: TMemberRole | undefined | null): role is TConsoleRole {
  return role === 'support' || role === 'admin';
}
