import type { ErrorCode } from './error-codes'

/**
 * The one failure type services throw. The error plugin turns it into
 * `{ message, code, errors? }` with `status`; routes never catch it.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds a client should wait before retrying; sent as Retry-After on 429s. */
    readonly retryAfterSeconds?: number,
    /** Extra top-level body fields a screen reads (for example requiresPhoneVerification). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', fields?: Record<string, string>) => new AppError(400, code, message, fields)
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'UNAUTHORIZED') => new AppError(401, code, message)
export const forbidden = (message = 'You do not have permission to do that', code: ErrorCode = 'FORBIDDEN', extra?: Record<string, unknown>) =>
  new AppError(403, code, message, undefined, undefined, extra)
export const notFound = (message = 'Not found', code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message)
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message)
export const tooManyRequests = (message: string, retryAfterSeconds: number, code: ErrorCode = 'RATE_LIMITED') =>
  new AppError(429, code, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)))
