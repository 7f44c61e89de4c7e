import { beforeEach, describe, expect, mock, test } from 'bun:test'

// Firebase cannot be reached from a test; these stand-ins record what the SDK was asked to do.
const verifiers: { container: HTMLElement; cleared: boolean }[] = []
let sendOutcomes: (string | null)[] = []
const signOut = mock(async () => {})
const confirm = mock(async (code: string) => {
  if (code !== '123456') throw Object.assign(new Error('Firebase: Error (auth/invalid-verification-code).'), { code: 'auth/invalid-verification-code' })
  return { user: { getIdToken: async () => 'id-token-for-+17325550101' } }
})

mock.module('firebase/app', () => ({
  getApps: () => [],
  initializeApp: (config: unknown, name: string) => ({ config, name }),
}))
const emulators: string[] = []
mock.module('firebase/auth', () => ({
  getAuth: (app: unknown) => ({ app }),
  connectAuthEmulator: (_auth: unknown, url: string) => emulators.push(url),
  RecaptchaVerifier: class {
    record: { container: HTMLElement; cleared: boolean }
    constructor(_auth: unknown, container: HTMLElement, parameters: { size: string }) {
      expect(parameters.size).toBe('invisible')
      this.record = { container, cleared: false }
      verifiers.push(this.record)
    }
    clear() {
      this.record.cleared = true
    }
  },
  signInWithPhoneNumber: async () => {
    const failure = sendOutcomes.shift()
    if (failure) throw Object.assign(new Error(`Firebase: Error (${failure}).`), { code: failure })
    return { confirm }
  },
  signOut,
}))

const { startFirebasePhoneSignIn, firebaseErrorCode } = await import('./firebase-phone')
const CONFIG = { apiKey: 'key', authDomain: 'kirana.firebaseapp.com', projectId: 'kirana', authEmulatorHost: null }

describe('Firebase phone sign-in', () => {
  beforeEach(() => {
    verifiers.length = 0
    emulators.length = 0
    sendOutcomes = []
    signOut.mockClear()
  })

  test('sends behind an invisible reCAPTCHA; the right code gives the ID token and leaves Firebase signed out', async () => {
    const signIn = await startFirebasePhoneSignIn(CONFIG, document.body)
    const sent = await signIn.sendCode('+17325550101')
    expect(verifiers).toHaveLength(1)
    expect(await sent.confirm('123456')).toBe('id-token-for-+17325550101')
    expect(signOut).toHaveBeenCalledTimes(1)
    expect(emulators).toEqual([])
  })

  test('a server on the Auth emulator has the SDK talk to the emulator', async () => {
    await startFirebasePhoneSignIn({ ...CONFIG, authEmulatorHost: '127.0.0.1:9099' }, document.body)
    expect(emulators).toEqual(['http://127.0.0.1:9099'])
  })

  test('a wrong code is Firebase’s invalid-verification-code', async () => {
    const signIn = await startFirebasePhoneSignIn(CONFIG, document.body)
    const sent = await signIn.sendCode('+17325550101')
    const failure = await sent.confirm('000000').catch((error: unknown) => error)
    expect(firebaseErrorCode(failure)).toBe('auth/invalid-verification-code')
  })

  test('a captcha failure makes a fresh verifier and tries once more', async () => {
    sendOutcomes = ['auth/captcha-check-failed', null]
    const signIn = await startFirebasePhoneSignIn(CONFIG, document.body)
    await signIn.sendCode('+17325550101')
    expect(verifiers).toHaveLength(2)
    expect(verifiers[0]!.cleared).toBe(true)
    expect(verifiers[0]!.container.isConnected).toBe(false)
    expect(verifiers[1]!.container.isConnected).toBe(true)
  })

  test('only once: a second captcha failure, or any other failure, is the caller’s', async () => {
    sendOutcomes = ['auth/captcha-check-failed', 'auth/captcha-check-failed']
    const signIn = await startFirebasePhoneSignIn(CONFIG, document.body)
    expect(firebaseErrorCode(await signIn.sendCode('+17325550101').catch((error: unknown) => error))).toBe('auth/captcha-check-failed')

    sendOutcomes = ['auth/too-many-requests']
    expect(firebaseErrorCode(await signIn.sendCode('+17325550101').catch((error: unknown) => error))).toBe('auth/too-many-requests')
    expect(verifiers).toHaveLength(2)
  })

  test('dispose removes the reCAPTCHA', async () => {
    const signIn = await startFirebasePhoneSignIn(CONFIG, document.body)
    await signIn.sendCode('+17325550101')
    signIn.dispose()
    expect(verifiers[0]!.cleared).toBe(true)
    expect(verifiers[0]!.container.isConnected).toBe(false)
  })
})
