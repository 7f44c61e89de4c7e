import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A demo project: the emulator serves it with no account and never reaches Google for it. */
export const EMULATOR_PROJECT = 'demo-kirana'
/** The emulator takes any key; the browser's SDK needs one to be set. */
export const EMULATOR_API_KEY = 'demo-key'

const START_TIMEOUT_MS = 60_000

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST wants it. */
  host: string
  /** The environment a server needs to verify phones against this emulator. */
  env: Record<string, string>
  /** Texts a code to `phone` (E.164) and signs in with it, as the browser would: the emulator's ID token. */
  idTokenFor(phone: string): Promise<string>
  /** The code the emulator "texted" to `phone` last (it sends none; it lists them instead). */
  lastCodeTo(phone: string): Promise<string>
  stop(): Promise<void>
}

const freePort = () => {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}

async function answers(host: string) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) })
    return ((await response.json()) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready === true
  } catch {
    return false
  }
}

/**
 * Starts `firebase emulators:start --only auth` from firebase-tools on free ports (the Auth
 * emulator is Node code in the package: no JRE, no download), unless FIREBASE_AUTH_EMULATOR_HOST
 * already names one that answers (`firebase emulators:exec` sets it). Waits a bounded time, and
 * returns the reason instead when it cannot start here.
 */
export async function startAuthEmulator(): Promise<AuthEmulator | { unavailable: string }> {
  const given = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (given) return (await answers(given)) ? emulatorAt(given, async () => {}) : { unavailable: `FIREBASE_AUTH_EMULATOR_HOST=${given} does not answer` }

  const dir = mkdtempSync(join(tmpdir(), 'kirana-firebase-'))
  const host = `127.0.0.1:${freePort()}`
  const emulators = {
    auth: { host: '127.0.0.1', port: Number(host.split(':')[1]) },
    hub: { host: '127.0.0.1', port: freePort() },
    logging: { host: '127.0.0.1', port: freePort() },
    ui: { enabled: false },
  }
  writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ emulators }))
  const firebase = join(import.meta.dir, '..', 'node_modules', '.bin', 'firebase')
  const child = Bun.spawn([firebase, 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT], {
    cwd: dir,
    env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const output = Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]).then((parts) => parts.join(''))
  const stop = async () => {
    child.kill('SIGINT')
    await Promise.race([child.exited, Bun.sleep(10_000)])
    if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline && child.exitCode === null) {
    if (await answers(host)) return emulatorAt(host, stop)
    await Bun.sleep(200)
  }
  await stop()
  const log = (await output).trim().split('\n').slice(-5).join(' | ')
  return { unavailable: `firebase emulators:start --only auth did not answer within ${START_TIMEOUT_MS / 1000} s: ${log}` }
}

function emulatorAt(host: string, stop: () => Promise<void>): AuthEmulator {
  const base = `http://${host}`
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/${path}?key=${EMULATOR_API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as Record<string, string>
  }
  // Every request with an API key is the emulator's own project, so only that project has codes.
  const codes = async () => {
    const response = await fetch(`${base}/emulator/v1/projects/${EMULATOR_PROJECT}/verificationCodes`)
    return ((await response.json()) as { verificationCodes?: { phoneNumber: string; code: string; sessionInfo: string }[] }).verificationCodes ?? []
  }
  const lastCodeTo = async (phone: string) => {
    const sent = (await codes()).filter((code) => code.phoneNumber === phone).at(-1)
    if (!sent) throw new Error(`The emulator texted no code to ${phone}`)
    return sent.code
  }
  return {
    host,
    env: { FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: EMULATOR_PROJECT, FIREBASE_WEB_API_KEY: EMULATOR_API_KEY },
    lastCodeTo,
    async idTokenFor(phone) {
      const { sessionInfo } = await post('accounts:sendVerificationCode', { phoneNumber: phone, recaptchaToken: 'emulator' })
      const code = (await codes()).find((sent) => sent.sessionInfo === sessionInfo)!.code
      const { idToken } = await post('accounts:signInWithPhoneNumber', { sessionInfo, code })
      return idToken!
    },
    stop,
  }
}
