// The floor to compare with: Bun.serve answering a fixed JSON body with no framework or database.
// BARE_BODY_FILE makes it answer with that file's JSON (the same body a Kirana endpoint returned).
const body = process.env.BARE_BODY_FILE ? await Bun.file(process.env.BARE_BODY_FILE).text() : JSON.stringify({ status: 'ok', db: 'pglite' })

Bun.serve({
  hostname: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  fetch: () => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
})
