import { Elysia } from 'elysia'
import { AppError } from './app-error'
import type { ErrorCode } from './error-codes'
import { parseJsonBody } from './json-body'
import { requestIdOf } from './observability'
import { requestPath } from './request-guards'
import { isUploadPath } from './upload-routes'

export type ErrorBody = { message: string; code?: ErrorCode; errors?: Record<string, string> }

type ValidationIssue = { path?: string; message?: string; summary?: string }

/** Turns every failure into the one error shape `{ message, code?, errors? }` with the right status. */
export const errorPlugin = new Elysia({ name: 'shared/errors' })
  // Every body the API accepts is JSON, parsed here so size, type and syntax fail the same way everywhere;
  // only an upload route's photo is left unread, for its handler to stream under its own limit.
  .onParse({ as: 'global' }, async ({ request, contentType }) => {
    if (isUploadPath(new URL(request.url).pathname)) return 'unread'
    // A bodiless call (POST /api/logout) has nothing to parse or refuse.
    if (request.body === null || request.headers.get('content-length') === '0') return
    if (!isJson(contentType)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json')
    return parseJsonBody(request)
  })
  .onError({ as: 'global' }, ({ code, error, set, request }) => {
    try {
      return answerFor(code, error, set, request)
    } catch (failure) {
      // Whatever went wrong in here, the caller still gets the error shape, never the runtime's page.
      console.error(`The error plugin failed on ${describeForLog(error, { frames: false })}: ${describeForLog(failure)}`)
      set.status = 500
      return { message: 'Something went wrong' } satisfies ErrorBody
    }
  })

type ErrorSet = { status?: number | string; headers: Record<string, string | number> }

function answerFor(code: string | number, raised: Error | unknown, set: ErrorSet, request: Request): ErrorBody {
  // Elysia wraps whatever the parser throws in its own ParseError.
  const error = code === 'PARSE' && (raised as Error).cause instanceof AppError ? ((raised as Error).cause as AppError) : raised
  if (error instanceof AppError) {
    set.status = error.status
    if (error.retryAfterSeconds) set.headers['retry-after'] = String(error.retryAfterSeconds)
    return { ...error.extra, message: error.message, code: error.code, ...(error.fields && { errors: error.fields }) }
  }
  switch (code) {
    case 'VALIDATION': {
      // An answer that breaks its own contract is our bug, not the caller's: it must not leak as a 4xx.
      if ((error as { type?: string }).type === 'response') break
      set.status = 400
      return validationBody((error as { all?: ValidationIssue[] }).all ?? [])
    }
    case 'PARSE':
      set.status = 400
      return { message: 'Request body must be valid JSON', code: 'INVALID_JSON' }
    case 'NOT_FOUND':
      set.status = 404
      return { message: 'Not found', code: 'NOT_FOUND' }
    case 'INVALID_COOKIE_SIGNATURE':
      set.status = 400
      return { message: 'Invalid cookie', code: 'INVALID_COOKIE' }
  }
  // The id the request's log line and its x-request-id answer carry.
  const requestId = requestIdOf(request)
  // The raw target stands in for a path that does not parse (CONNECT's `*`), cut short as it is the caller's text.
  const where = requestPath(request) ?? request.url.slice(0, 200)
  console.error(`[${requestId}] ${request.method} ${where} failed: ${describeForLog(error)}`)
  set.status = 500
  set.headers['x-request-id'] = requestId
  return { message: 'Something went wrong' }
}

function isJson(contentType: string | null) {
  return contentType !== null && /^application\/([\w.+-]+\+)?json\b/i.test(contentType.trim())
}

/** The message of the first failing field leads; `errors` keeps the first message of each field. */
function validationBody(issues: ValidationIssue[]): ErrorBody {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const field = issue.path?.replace(/^\//, '').replace(/\//g, '.') || 'body'
    errors[field] ??= issue.message ?? issue.summary ?? 'Invalid value'
  }
  const first = Object.values(errors)[0] ?? 'Invalid request'
  return { message: first, code: 'VALIDATION_ERROR', errors }
}

/**
 * What a log may say about an unexpected error. drizzle's message carries the SQL and every
 * parameter (a password hash, a token); only the statement and the driver's own first line are kept.
 */
export function describeForLog(error: unknown, { frames = true }: { frames?: boolean } = {}): string {
  if (!(error instanceof Error)) return String(error)
  const query = (error as { query?: unknown }).query
  if (typeof query === 'string') {
    const cause = error.cause as { code?: string; message?: string } | undefined
    const reason = [cause?.code, cause?.message?.split('\n')[0]].filter(Boolean).join(' ')
    return `query failed (${reason || 'no driver message'}): ${query}`
  }
  const where = frames
    ? (error.stack ?? '')
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .slice(0, 5)
    : []
  return [`${error.name}: ${error.message.split('\n')[0]}`, ...where].join('\n')
}
