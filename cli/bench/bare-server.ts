// The floor to compare with: Bun.serve answering a fixed JSON body with no framework or database.
// BARE_BODY_FILE makes it answer with that file's JSON (the same body a Kirana endpoint returned),
// and BARE_GZIP=1 with those bytes gzipped once, as Kirana sends them to a client that takes gzip.
// BARE_HEADERS (JSON) makes it send the file's bytes as they are with those headers: an answer
// Kirana made, byte for byte.
const answerHeaders: Record<string, string> | null = process.env.BARE_HEADERS ? JSON.parse(process.env.BARE_HEADERS) : null
const json = process.env.BARE_BODY_FILE ? await Bun.file(process.env.BARE_BODY_FILE).text() : JSON.stringify({ status: 'ok', db: 'pglite' })
const gzip = process.env.BARE_GZIP === '1'
const body = answerHeaders ? await Bun.file(process.env.BARE_BODY_FILE!).bytes() : gzip ? Bun.gzipSync(json) : json
const headers: Record<string, string> = answerHeaders ?? { 'Content-Type': 'application/json', ...(gzip && { 'Content-Encoding': 'gzip' }) }

Bun.serve({
  hostname: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  fetch: () => new Response(body, { headers }),
})
