import type { ConfirmationResult } from 'firebase/auth'
import type { VerificationClientConfig } from '../../../modules/verification/contract'

export type FirebaseWebConfig = NonNullable<VerificationClientConfig['firebase']>

/** A code Firebase sent: confirming it gives the ID token our server checks with firebase-admin. */
export type FirebaseCodeSent = { confirm(code: string): Promise<string> }

export type FirebasePhoneSignIn = {
  /** Texts a code to an E.164 number through Firebase, behind an invisible reCAPTCHA. */
  sendCode(e164: string): Promise<FirebaseCodeSent>
  dispose(): void
}

/** Firebase's error codes, e.g. 'auth/too-many-requests'; null for anything else. */
export function firebaseErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('auth/') ? code : null
}

// Spec 000 §8: "a captcha check failure on send reinitialises and retries once".
const CAPTCHA_FAILURES = new Set(['auth/captcha-check-failed', 'auth/invalid-app-credential', 'auth/missing-app-credential'])

/**
 * Firebase phone sign-in, for servers configured with Firebase. The SDK is large, so it is
 * imported here on first use and never enters the landing bundle; nothing else imports it.
 */
export async function startFirebasePhoneSignIn(config: FirebaseWebConfig, container: HTMLElement): Promise<FirebasePhoneSignIn> {
  const [{ getApps, initializeApp }, { connectAuthEmulator, getAuth, RecaptchaVerifier, signInWithPhoneNumber, signOut }] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ])
  const { authEmulatorHost, ...options } = config
  const app = getApps().find((existing) => existing.name === 'kirana-phone') ?? initializeApp(options, 'kirana-phone')
  const auth = getAuth(app)
  // The emulator sends no texts and needs no reCAPTCHA; its codes are read from its own API.
  if (authEmulatorHost) connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true })

  // Each verifier gets a fresh holder: a cleared verifier cannot render into its old element.
  let holder: HTMLElement | null = null
  let verifier: InstanceType<typeof RecaptchaVerifier> | null = null
  const freshVerifier = () => {
    verifier?.clear()
    holder?.remove()
    holder = container.appendChild(document.createElement('div'))
    verifier = new RecaptchaVerifier(auth, holder, { size: 'invisible' })
    return verifier
  }

  const sendOnce = (e164: string, fresh: boolean) => signInWithPhoneNumber(auth, e164, fresh || !verifier ? freshVerifier() : verifier)

  return {
    async sendCode(e164) {
      let confirmation: ConfirmationResult
      try {
        confirmation = await sendOnce(e164, false)
      } catch (error) {
        if (!CAPTCHA_FAILURES.has(firebaseErrorCode(error) ?? '')) throw error
        confirmation = await sendOnce(e164, true)
      }
      return {
        async confirm(code) {
          const { user } = await confirmation.confirm(code)
          const idToken = await user.getIdToken()
          // Our server keeps the session; the Firebase sign-in was only the proof.
          await signOut(auth).catch(() => {})
          return idToken
        },
      }
    },
    dispose() {
      verifier?.clear()
      holder?.remove()
    },
  }
}
