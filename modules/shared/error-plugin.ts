import { Elysia } from 'elysia'
import { AppError } from './app-error'

export const MAX_JSON_BODY_BYTES = 1024 * 1024

export type ErrorBody = { message: string; code?: string; errors?: Record<string, string> }

type ValidationIssue = { path?: string; message?: string; summary?: string }

const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large (limit 1 MB)')

/** Turns every failure into the one error shape `{ message, code?, errors? }` with the right status. */
export const errorPlugin = new Elysia({ name: 'shared/errors' })
  // Every body the API accepts is JSON: parse it here so size, type and syntax fail the same way everywhere.
  .onParse({ as: 'global' }, async ({ request, contentType }) => {
    // A bodiless call (POST /api/logout) has nothing to parse or refuse.
    if (request.body === null || request.headers.get('content-length') === '0') return
    if (!isJson(contentType)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json')
    if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BODY_BYTES) throw payloadTooLarge()
    const bytes = await request.arrayBuffer()
    if (bytes.byteLength > MAX_JSON_BODY_BYTES) throw payloadTooLarge()
    if (bytes.byteLength === 0) return null
    try {
      return JSON.parse(new TextDecoder().decode(bytes))
    } catch {
      throw new AppError(400, 'INVALID_JSON', 'Request body must be valid JSON')
    }
  })
  .onError({ as: 'global' }, ({ code, error: raised, set, request }) => {
    // Elysia wraps whatever the parser throws in its own ParseError.
    const error = code === 'PARSE' && raised.cause instanceof AppError ? raised.cause : raised
    if (error instanceof AppError) {
      set.status = error.status
      if (error.retryAfterSeconds) set.headers['retry-after'] = String(error.retryAfterSeconds)
      return { ...error.extra, message: error.message, code: error.code, ...(error.fields && { errors: error.fields }) }
    }
    switch (code) {
      case 'VALIDATION': {
        set.status = 422
        return validationBody((error as { all?: ValidationIssue[] }).all ?? [])
      }
      case 'PARSE':
        set.status = 400
        return { message: 'Request body must be valid JSON', code: 'INVALID_JSON' } satisfies ErrorBody
      case 'NOT_FOUND':
        set.status = 404
        return { message: 'Not found', code: 'NOT_FOUND' } satisfies ErrorBody
      case 'INVALID_COOKIE_SIGNATURE':
        set.status = 400
        return { message: 'Invalid cookie', code: 'INVALID_COOKIE' } satisfies ErrorBody
    }
    const requestId = request.headers.get('x-request-id') ?? crypto.randomUUID()
    console.error(`[${requestId}] ${request.method} ${new URL(request.url).pathname} failed:`, error)
    set.status = 500
    set.headers['x-request-id'] = requestId
    return { message: 'Something went wrong' } satisfies ErrorBody
  })

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
