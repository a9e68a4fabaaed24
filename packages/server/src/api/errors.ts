// Errors a handler throws; the host turns them into the callable protocol's error body.
import { HTTP_STATUS_BY_CODE, SERVER_ERRORS, type CallableErrorCode } from '@toolkit/domain';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: Exclude<CallableErrorCode, 'ok'>,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const unauthenticated = (message: string = SERVER_ERRORS.signInRequired) =>
  new ApiError('unauthenticated', message);
export const permissionDenied = (message: string) => new ApiError('permission-denied', message);
export const notFound = (message: string) => new ApiError('not-found', message);
export const invalidArgument = (message: string, details?: unknown) =>
  new ApiError('invalid-argument', message, details);

/** The body and status of the callable protocol's error response (`INVALID_ARGUMENT` style status). */
export function errorResponse(error: ApiError): { status: number; body: { error: Record<string, unknown> } } {
  return {
    status: HTTP_STATUS_BY_CODE[error.code],
    body: {
      error: {
        status: error.code.toUpperCase().replace(/-/g, '_'),
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      },
    },
  };
}
