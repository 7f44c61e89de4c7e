import { afterAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import tls from 'node:tls'

export type SentToFcm = {
  path: string
  authorization: string | null
  message: { token: string; notification?: { title: string; body: string }; data?: Record<string, string> }
}

/**
 * A loopback stand-in for FCM's v1 send endpoint, over TLS with a throwaway certificate, and the
 * HTTP agent that takes firebase-admin there. It records every message and answers UNREGISTERED
 * for the tokens it is told are gone, as FCM does for an uninstalled app.
 */
export function fcmStandIn() {
  const dir = mkdtempSync(join(tmpdir(), 'kirana-fcm-'))
  const made = Bun.spawnSync([
    'openssl',
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=fcm.googleapis.com',
  ])
  if (made.exitCode !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr.toString()}`)
  const sent: SentToFcm[] = []
  const gone = new Set<string>()
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    tls: { key: Bun.file(join(dir, 'key.pem')), cert: Bun.file(join(dir, 'cert.pem')) },
    async fetch(request) {
      const url = new URL(request.url)
      const { message } = (await request.json()) as { message: SentToFcm['message'] }
      sent.push({ path: url.pathname, authorization: request.headers.get('authorization'), message })
      if (gone.has(message.token)) {
        return Response.json(
          {
            error: {
              code: 404,
              message: 'Requested entity was not found.',
              status: 'NOT_FOUND',
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
            },
          },
          { status: 404 },
        )
      }
      return Response.json({ name: `${url.pathname.replace('/v1/', '').replace(':send', '')}/${sent.length}` })
    },
  })
  afterAll(() => {
    server.stop(true)
    rmSync(dir, { recursive: true, force: true })
  })
  const httpAgent = new https.Agent({ keepAlive: false })
  // Whatever host the SDK asks for, the connection goes to the stand-in.
  ;(httpAgent as unknown as { createConnection: typeof tls.connect }).createConnection = ((options: tls.ConnectionOptions, callback?: () => void) =>
    tls.connect({ host: '127.0.0.1', port: server.port, rejectUnauthorized: false, servername: options.servername }, callback)) as typeof tls.connect
  return { sent, httpAgent, markGone: (token: string) => gone.add(token) }
}
