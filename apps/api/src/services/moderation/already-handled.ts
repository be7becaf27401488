// The 409 a support person gets when someone decided the row first (issue 15, "safe to repeat"):
// what happened, who and when, so they can move on without asking around.
import { AppError } from '../../errors.ts';

export function alreadyHandled(what: string, by: string | null | undefined, at: Date | null | undefined): AppError {
  const who = by ? ` by ${by}` : '';
  const when = at ? ` at ${at.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '';
  return new AppError(409, `Already handled: ${what}${who}${when}.`);
}
