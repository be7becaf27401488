import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isUniqueViolation, nicknameTaken, updateNickname } from '../../repositories/member.repository.ts';
import { NICKNAME_TAKEN } from '../auth/register-member.ts';

/** Changes the nickname; another member's nickname (in any letter case) is refused with 409. */
export async function changeNickname(db: Database, memberId: string, nickname: string): Promise<string> {
  if (await nicknameTaken(db, nickname, memberId)) throw new AppError(409, NICKNAME_TAKEN, 'nicname');
  try {
    const member = await updateNickname(db, memberId, nickname);
    return member.nickname ?? nickname;
  } catch (error) {
    if (isUniqueViolation(error, 'nickname_key')) throw new AppError(409, NICKNAME_TAKEN, 'nicname');
    throw error;
  }
}
