// The floor to compare with: Bun.serve answering a fixed JSON body with no framework or database.
// BARE_BODY_FILE makes it answer with that file's JSON (the same body a Kirana endpoint returned),
// and BARE_GZIP=1 with those bytes gzipped once, as Kirana sends them to a client that takes gzip.
// BARE_HEADERS (JSON) makes it send the file's bytes as they are with those headers: an answer
// Kirana made, byte for byte.
const bodyFile = process.env.BARE_BODY_FILE

async function answer(): Promise<{ body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  if (process.env.BARE_HEADERS) return { body: await Bun.file(bodyFile!).bytes(), headers: JSON.parse(process.env.BARE_HEADERS) }
  const json = bodyFile ? await Bun.file(bodyFile).text() : JSON.stringify({ status: 'ok', db: 'pglite' })
  if (process.env.BARE_GZIP !== '1') return { body: json, headers: { 'Content-Type': 'application/json' } }
  return { body: Bun.gzipSync(json), headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } }
}

const { body, headers } = await answer()

Bun.serve({
  hostname: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  fetch: () => new Response(body, { headers }),
})
