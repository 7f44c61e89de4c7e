import type { Agent } from 'node:http'
import type { App } from 'firebase-admin/app'

export type FirebaseCredentials = { projectId: string; clientEmail: string; privateKey: string }

/**
 * A project of Firebase's Auth emulator: firebase-admin finds the emulator through
 * FIREBASE_AUTH_EMULATOR_HOST (read from the environment) and needs no service account there.
 */
export type FirebaseEmulatorProject = { projectId: string; emulator: true }

/**
 * How the SDK reaches Google, for tests that point the real SDK at a loopback stand-in: an
 * HTTP agent that connects there, and an access token in place of the OAuth exchange.
 */
export type FirebaseTransport = { httpAgent: Agent; accessToken: string }

const apps = new Map<string, Promise<App>>()

/**
 * The one firebase-admin app phone sign-in and push share, made on first use: firebase-admin is
 * heavy to load, and a server without Firebase never pays for it.
 */
export function firebaseApp(credentials: FirebaseCredentials | FirebaseEmulatorProject, transport?: FirebaseTransport): Promise<App> {
  const name = `kirana-${credentials.projectId}${transport ? '-stand-in' : 'emulator' in credentials ? '-emulator' : ''}`
  let app = apps.get(name)
  if (!app) {
    app = import('firebase-admin/app').then(({ cert, getApps, initializeApp }) => {
      // The emulator is reached with no credential at all; firebase-admin asks it as the project's owner.
      const credential = transport
        ? { credential: { getAccessToken: async () => ({ access_token: transport.accessToken, expires_in: 3600 }) } }
        : 'emulator' in credentials
          ? {}
          : { credential: cert({ ...credentials, privateKey: credentials.privateKey.replace(/\\n/g, '\n') }) }
      return (
        getApps().find((existing) => existing.name === name) ??
        initializeApp({ ...credential, projectId: credentials.projectId, httpAgent: transport?.httpAgent }, name)
      )
    })
    apps.set(name, app)
  }
  return app
}
