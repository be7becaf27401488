// Who is acting in the support console: the signed-in support person or admin (after requireSupport
// or requireAdmin, which put the database's current role on request.user).
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ConsoleActor } from '../../services/audit/record-audit-entry.ts';

export function consoleActor(request: FastifyRequest): ConsoleActor {
  const { sub, role } = request.user;
  // The guards make this unreachable; a route that forgot its guard fails closed.
  if (role !== 'support' && role !== 'admin') throw new AppError(403, 'Support access required');
  return { id: sub, role };
}
