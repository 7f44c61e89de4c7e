import type { ErrorCode } from './error-codes'

/**
 * The one failure type services throw. The error plugin turns it into
 * `{ message, code, errors? }` with `status`; routes never catch it.
 */
export interface AppErrorOptions {
  /** Per-field messages, sent as `errors`. */
  fields?: Record<string, string>
  /** Seconds a client should wait before retrying; sent as Retry-After on 429s. */
  retryAfterSeconds?: number
  /** Extra top-level body fields a screen reads (for example requiresPhoneVerification). */
  extra?: Record<string, unknown>
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.fields = options.fields
    this.retryAfterSeconds = options.retryAfterSeconds
    this.extra = options.extra
  }

  readonly fields?: Record<string, string>
  readonly retryAfterSeconds?: number
  readonly extra?: Record<string, unknown>
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', fields?: Record<string, string>) => new AppError(400, code, message, { fields })
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'UNAUTHORIZED') => new AppError(401, code, message)
export const forbidden = (message = 'You do not have permission to do that', code: ErrorCode = 'FORBIDDEN', extra?: Record<string, unknown>) =>
  new AppError(403, code, message, { extra })
export const notFound = (message = 'Not found', code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message)
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message)
/** The payment service did not answer; the message says what did not happen and that trying again is safe. */
export const paymentGatewayUnavailable = (message: string) => new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', message)
export const tooManyRequests = (message: string, retryAfterSeconds: number, code: ErrorCode = 'RATE_LIMITED') =>
  new AppError(429, code, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) })
