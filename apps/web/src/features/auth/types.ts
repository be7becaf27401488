// The session of spec section 3, as the auth contract defines it.
export type { TSession as Session, TSessionUser as SessionUser } from '@velvet/contracts/auth/session-user';
