import { z } from 'zod'
import { arrivedThisTurn } from './answer-turn'

/** The encodings we send bodies in: compressed, or as they are. */
export type ContentEncoding = 'br' | 'gzip' | 'identity'

/** Accept-Encoding values seen lately and the encoding each asked for: browsers send a handful of values, the same on every request. */
const PICKED_AT_MOST = 64
const picked = new Map<string, ContentEncoding>()

/**
 * The encoding to send, by what the client accepts (q=0 refuses one) and what we have: gzip,
 * which every client takes, else brotli, else none.
 */
export function pickEncoding(acceptEncoding: string | null, have: readonly Exclude<ContentEncoding, 'identity'>[] = ['gzip', 'br']): ContentEncoding {
  if (!acceptEncoding) return 'identity'
  // Parsing the header showed as 7 % of the shelf's time under load.
  const key = `${have.join()}|${acceptEncoding}`
  let encoding = picked.get(key)
  if (encoding === undefined) {
    encoding = parsedPick(acceptEncoding, have)
    if (picked.size >= PICKED_AT_MOST) picked.clear()
    picked.set(key, encoding)
  }
  return encoding
}

function parsedPick(acceptEncoding: string, have: readonly Exclude<ContentEncoding, 'identity'>[]): ContentEncoding {
  const accepted = new Map(
    acceptEncoding.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean)
      return [name!, q === undefined ? 1 : Number(q)] as const
    }),
  )
  if (have.includes('gzip') && (accepted.get('gzip') ?? 0) > 0) return 'gzip'
  if (have.includes('br') && (accepted.get('br') ?? 0) > 0) return 'br'
  return 'identity'
}

/**
 * The API description of a route that sends its JSON pre-encoded (bytes made once, perhaps
 * compressed): Elysia does not check such an answer against a schema, so the shape is documented
 * here from the contract's schema instead.
 */
export function preEncodedJsonDetail(description: string, schema: z.ZodType) {
  // Made when the description is asked for, not at every start (where it cost 15 ms).
  const json = {
    get schema() {
      return z.toJSONSchema(schema) as object
    },
  }
  return { responses: { '200': { description, content: { 'application/json': json } } } }
}

/** Bodies longer than this go as a stream when made after waiting on I/O: about where Bun starts writing one buffer by its slow path. */
const STREAM_FROM_BYTES = 8 * 1024

/** What a route's `set` holds: the headers it set, and those every answer carries. */
type AnswerHeaders = { headers: Record<string, string | number> }

/**
 * A body made once, as a route returns it. Small ones, and larger ones made in the event-loop turn
 * their request arrived in, go as they are (Elysia sends them with the headers in `set`); other
 * large ones as a Response streaming them. Bun writes one buffer of more than about 14 KB by a slow
 * path when the answer comes after waiting on I/O: on this machine a bare Elysia route sends 14,300
 * gzipped shelves (17 KB) a second after a timer, and 37,300 when the same bytes come as a direct
 * stream (Bun's own kind, written straight to the socket). Without such a wait one buffer is the
 * cheaper: the shelf, its session remembered, took 29-30 us of server CPU an answer sent so,
 * against 34 us streamed, and a client reads it without chunked framing.
 *
 * The Response takes the headers in `set` and leaves it empty, so Elysia passes it on as it is
 * rather than copying it into a second Response to merge them (7 % of the shelf's time).
 */
export function answerBytes(bytes: Uint8Array<ArrayBuffer>, set: AnswerHeaders, request: Request): Uint8Array<ArrayBuffer> | Response {
  if (bytes.byteLength <= STREAM_FROM_BYTES || arrivedThisTurn(request)) return bytes
  const direct: Bun.DirectUnderlyingSource = {
    type: 'direct',
    pull(controller) {
      controller.write(bytes)
      controller.close()
    },
  }
  // With the DOM's types loaded (the PWA shares this tsconfig), ReadableStream's type hides Bun's direct overload.
  const body = new ReadableStream(direct as unknown as UnderlyingDefaultSource)
  const headers = set.headers as Record<string, string>
  set.headers = {}
  return new Response(body, { headers })
}
