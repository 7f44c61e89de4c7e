import type { Auth } from 'firebase-admin/auth'
import { type FirebaseCredentials, type FirebaseEmulatorProject, firebaseApp } from '../shared/index'

/** Proves a phone through Firebase phone sign-in: the client's ID token, checked with firebase-admin. */
export interface PhoneTokenVerifier {
  /** The E.164 phone the token proves, or null when the token is not valid. */
  phoneOf(idToken: string): Promise<string | null>
}

/** Against a service account's project, or the Auth emulator's (tests and local runs). */
export function firebasePhoneVerifier(credentials: FirebaseCredentials | FirebaseEmulatorProject): PhoneTokenVerifier {
  let auth: Promise<Auth> | undefined
  const connect = async () => (await import('firebase-admin/auth')).getAuth(await firebaseApp(credentials))
  return {
    async phoneOf(idToken: string) {
      try {
        auth ??= connect()
        const verified = await auth
        const decoded = await verified.verifyIdToken(idToken, true)
        // The claim must match Firebase's own record of the user: the emulator signs no token, so
        // there only the record shows a claim was rewritten. One lookup per verification.
        const { phoneNumber } = await verified.getUser(decoded.uid)
        return decoded.phone_number && decoded.phone_number === phoneNumber ? phoneNumber : null
      } catch (error) {
        console.warn('Firebase ID token refused:', (error as Error).message)
        return null
      }
    },
  }
}
