import { z } from 'zod'

/** The encodings we send bodies in: compressed, or as they are. */
export type ContentEncoding = 'br' | 'gzip' | 'identity'

/**
 * The encoding to send, by what the client accepts (q=0 refuses one) and what we have: gzip,
 * which every client takes, else brotli, else none.
 */
export function pickEncoding(acceptEncoding: string | null, have: readonly Exclude<ContentEncoding, 'identity'>[] = ['gzip', 'br']): ContentEncoding {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
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
  return { responses: { '200': { description, content: { 'application/json': { schema: z.toJSONSchema(schema) as object } } } } }
}

/** Chunks a pre-made body is streamed in: under the size Bun writes by its slow path. */
const STREAM_CHUNK_BYTES = 8 * 1024

/**
 * A body made once, as a route returns it: small ones as they are (Elysia sends them with the
 * headers in `set`), larger ones as a Response streaming them in chunks. Bun writes one buffer of
 * more than about 14 KB by a slow path when the answer comes after an await, as every signed-in
 * route's does: on this machine a bare server then sends 10,600 answers of 16 KB a second, and
 * 35,000 when the same bytes come as a stream.
 */
export function answerBytes(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> | Response {
  if (bytes.byteLength <= STREAM_CHUNK_BYTES) return bytes
  const chunks = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (let start = 0; start < bytes.byteLength; start += STREAM_CHUNK_BYTES) controller.enqueue(bytes.subarray(start, start + STREAM_CHUNK_BYTES))
      controller.close()
    },
  })
  // A Response, so that Elysia passes the stream on with the headers in `set` rather than relaying it chunk by chunk.
  return new Response(chunks)
}
