import type { Auth } from 'firebase-admin/auth'

export type FirebaseCredentials = { projectId: string; clientEmail: string; privateKey: string }

/** Proves a phone through Firebase phone sign-in: the client's ID token, checked with firebase-admin. */
export interface PhoneTokenVerifier {
  /** The E.164 phone the token proves, or null when the token is not valid. */
  phoneOf(idToken: string): Promise<string | null>
}

export function firebasePhoneVerifier(credentials: FirebaseCredentials): PhoneTokenVerifier {
  // firebase-admin is heavy to load; a server without Firebase never pays for it.
  let auth: Promise<Auth> | undefined
  const connect = async () => {
    const [{ cert, getApps, initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')])
    const app =
      getApps().find((existing) => existing.name === 'kirana') ??
      initializeApp({ credential: cert({ ...credentials, privateKey: credentials.privateKey.replace(/\\n/g, '\n') }), projectId: credentials.projectId }, 'kirana')
    return getAuth(app)
  }
  return {
    async phoneOf(idToken: string) {
      try {
        const decoded = await (await (auth ??= connect())).verifyIdToken(idToken, true)
        return decoded.phone_number ?? null
      } catch (error) {
        console.warn('Firebase ID token refused:', (error as Error).message)
        return null
      }
    },
  }
}
