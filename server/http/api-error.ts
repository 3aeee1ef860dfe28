// The one error type services throw; the error handler turns it into `{ code, message, errors? }`.
import type { ErrorCode } from '../../domain/errors';
import type { FieldErrors } from '../../domain/validation';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    /** Field → i18n keys; translated at the edge. */
    readonly errors?: FieldErrors,
    /** Values for the message's {{placeholders}} (e.g. minutes until a limit lifts). */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const notFound = () => new ApiError(404, 'not_found');
export const unauthenticated = () => new ApiError(401, 'unauthenticated');
export const forbidden = () => new ApiError(403, 'action_not_allowed');
export const invalid = (errors: FieldErrors) => new ApiError(400, 'validation_failed', errors);
