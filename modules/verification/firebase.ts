import { cert, getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'

export type FirebaseCredentials = { projectId: string; clientEmail: string; privateKey: string }

/** Proves a phone through Firebase phone sign-in: the client's ID token, checked with firebase-admin. */
export interface PhoneTokenVerifier {
  /** The E.164 phone the token proves, or null when the token is not valid. */
  phoneOf(idToken: string): Promise<string | null>
}

export function firebasePhoneVerifier(credentials: FirebaseCredentials): PhoneTokenVerifier {
  const app: App =
    getApps().find((existing) => existing.name === 'kirana') ??
    initializeApp({ credential: cert({ ...credentials, privateKey: credentials.privateKey.replace(/\\n/g, '\n') }), projectId: credentials.projectId }, 'kirana')
  const auth = getAuth(app)
  return {
    async phoneOf(idToken: string) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true)
        return decoded.phone_number ?? null
      } catch (error) {
        console.warn('Firebase ID token refused:', (error as Error).message)
        return null
      }
    },
  }
}
