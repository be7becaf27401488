/**
 * An error a service throws on purpose: the error handler replies with its status and message and
 * never treats it as a crash. `field` names the request field at fault, when there is one.
 */
export class AppError extends Error {
  /** Response headers that go with the error (e.g. Retry-After on a 429). */
  headers: Record<string, string> = {};

  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`);
export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
