import { AppError } from './app-error'

/** No screen sends more than a few kilobytes; an order of 99 lines is about 30 KB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024
/** Our deepest body is an order: object → items → line → field, four levels. */
export const MAX_JSON_DEPTH = 32

export const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large (limit 1 MB)')

/** C0 controls and DEL, except tab, line feed and carriage return, which a text area may send. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

export const hasControlCharacter = (text: string) => CONTROL_CHARACTER.test(text)

export function controlCharacterError(field: string) {
  const message = `${field} must not contain control characters`
  return new AppError(400, 'VALIDATION_ERROR', message, { fields: { [field]: message } })
}

/**
 * Reads a request body, refusing it as soon as it passes the limit: a declared length is
 * checked before a byte is read, and a chunked body is counted as it arrives.
 */
export async function readBodyWithinLimit(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<Uint8Array> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw payloadTooLarge()
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw payloadTooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b
const CLOSE_BRACE = 0x7d
const CLOSE_BRACKET = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/**
 * True when the JSON text nests deeper than `max`. One pass over the bytes, before parsing:
 * a body of 100,000 nested arrays is refused in microseconds instead of overflowing the
 * stack of whatever walks it later.
 */
export function nestsDeeperThan(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!
    if (inString) {
      if (byte === BACKSLASH) index++
      else if (byte === QUOTE) inString = false
    } else if (byte === QUOTE) inString = true
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > max) return true
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--
  }
  return false
}

/** The path of the first string (or key) holding a control character, as `items.0.comment`; null when clean. */
export function fieldWithControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path || 'body' : null
  if (value === null || typeof value !== 'object') return null
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key
    if (hasControlCharacter(key)) return childPath
    const found = fieldWithControlCharacter(child, childPath)
    if (found) return found
  }
  return null
}

/** The exact text of each parsed body, for the one reader that must see it as sent (a webhook's signature). */
const rawBodies = new WeakMap<Request, string>()
export const rawJsonBody = (request: Request) => rawBodies.get(request)

/**
 * The one way the API reads a JSON body: size first, then depth, then syntax, then control
 * characters in any string, each refused with a 4xx in the error shape before a schema sees it.
 */
export async function parseJsonBody(request: Request): Promise<unknown> {
  const bytes = await readBodyWithinLimit(request)
  if (bytes.byteLength === 0) return null
  if (nestsDeeperThan(bytes)) throw new AppError(400, 'BODY_TOO_DEEP', `Request body is nested too deeply (limit ${MAX_JSON_DEPTH} levels)`)
  const text = new TextDecoder().decode(bytes)
  rawBodies.set(request, text)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'Request body must be valid JSON')
  }
  const field = fieldWithControlCharacter(parsed)
  if (field) throw controlCharacterError(field)
  return parsed
}
