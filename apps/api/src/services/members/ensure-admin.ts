import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { findMemberById, nicknameTaken, promoteToAdmin } from '../../repositories/member.repository.ts';
import { createMemberWithWelcome } from '../auth/register-member.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';

const ADMIN_NICKNAME = 'Velvet Support';

/**
 * The support team's account from ADMIN_EMAIL / ADMIN_PASSWORD: created on first start, promoted and
 * given the configured password on later ones. It signs in like anyone else (self-login) and its
 * token opens the /api/admin routes.
 */
export async function ensureAdminAccount(db: Database, config: AppConfig): Promise<string | null> {
  const email = config.ADMIN_EMAIL?.trim().toLowerCase();
  const password = config.ADMIN_PASSWORD;
  if (!email || !password) return null;
  const existing = await findMemberById(db, email);
  if (existing && !existing.deletedAt) {
    const samePassword = existing.passwordHash ? await verifyPassword(existing.passwordHash, password) : false;
    if (existing.role !== 'admin' || !samePassword) {
      await promoteToAdmin(
        db,
        email,
        samePassword && existing.passwordHash ? existing.passwordHash : await hashPassword(password),
      );
    }
    return email;
  }
  await createMemberWithWelcome(db, {
    id: email,
    nickname: (await nicknameTaken(db, ADMIN_NICKNAME)) ? null : ADMIN_NICKNAME,
    passwordHash: await hashPassword(password),
    picture: null,
    adultAttestedAt: new Date(),
    role: 'admin',
  });
  return email;
}
