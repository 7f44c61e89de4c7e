import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sessionCookieFrom } from '../testing/database'

/**
 * Issue 20: SIGTERM stopped the listener but the process stayed, holding its live streams and the
 * embedded database's lock until every tab went away. This runs the real server, as the Docker
 * image and a process manager do, and stops it with open streams.
 */
function freePort() {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

const dataDir = mkdtempSync(join(tmpdir(), 'kirana-shutdown-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function startServer() {
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const child = Bun.spawn(['bun', 'index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  afterAll(() => child.kill('SIGKILL'))
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    if (tries > 300) throw new Error('the server did not answer /api/health')
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return { base, child }
    await Bun.sleep(100)
  }
}

/** Reads a stream until it ends, keeping everything it sent. */
async function readToEnd(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder()
  let text = ''
  try {
    for await (const chunk of body) text += decoder.decode(chunk, { stream: true })
  } catch {
    // A connection cut instead of ended: the text so far is what it sent.
  }
  return text
}

describe('stopping the server', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s it ends every live stream with a final event, closes the database and exits 0 within 5 s',
    async (signal) => {
      const { base, child } = await startServer()
      const registered = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Asha',
          lastName: 'Patel',
          email: `${crypto.randomUUID().slice(0, 8)}@example.com`,
          phone: `(732) 555-01${signal === 'SIGTERM' ? '10' : '11'}`,
          password: 'correct horse battery',
        }),
      })
      expect(registered.status).toBe(201)
      const cookie = sessionCookieFrom(registered)!
      const streams = await Promise.all(Array.from({ length: 4 }, () => fetch(`${base}/api/notifications/stream`, { headers: { cookie } })))
      expect(streams.map((response) => response.status)).toEqual([200, 200, 200, 200])
      const received = streams.map((response) => readToEnd(response.body!))
      expect(existsSync(join(dataDir, 'kirana.lock'))).toBe(true)

      const signalled = performance.now()
      child.kill(signal)
      const exitCode = await Promise.race([child.exited, Bun.sleep(5000).then(() => 'still running after 5 s')])
      const tookMs = performance.now() - signalled
      expect(exitCode).toBe(0)
      expect(tookMs).toBeLessThan(5000)
      for (const text of await Promise.all(received)) expect(text).toMatch(/retry: \d+\nevent: end\ndata: \{"reason":"shutting-down"\}\n\n$/)
      // The embedded database was closed and its lock let go, so the next process may open it.
      expect(existsSync(join(dataDir, 'kirana.lock'))).toBe(false)
    },
    30_000,
  )
})
