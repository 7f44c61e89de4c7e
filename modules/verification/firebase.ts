import type { Auth } from 'firebase-admin/auth'
import { type FirebaseCredentials, firebaseApp } from '../shared/index'

/** Proves a phone through Firebase phone sign-in: the client's ID token, checked with firebase-admin. */
export interface PhoneTokenVerifier {
  /** The E.164 phone the token proves, or null when the token is not valid. */
  phoneOf(idToken: string): Promise<string | null>
}

export function firebasePhoneVerifier(credentials: FirebaseCredentials): PhoneTokenVerifier {
  let auth: Promise<Auth> | undefined
  const connect = async () => (await import('firebase-admin/auth')).getAuth(await firebaseApp(credentials))
  return {
    async phoneOf(idToken: string) {
      try {
        auth ??= connect()
        const decoded = await (await auth).verifyIdToken(idToken, true)
        return decoded.phone_number ?? null
      } catch (error) {
        console.warn('Firebase ID token refused:', (error as Error).message)
        return null
      }
    },
  }
}
