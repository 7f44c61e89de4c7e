// The baseline for the health benchmark: the same JSON as GET /api/health, straight from Bun.serve.
const body = { status: 'ok', db: 'pglite' }

Bun.serve({
  hostname: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
  fetch: () => Response.json(body),
})
