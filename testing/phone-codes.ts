import { expect } from 'bun:test'
import { testApi } from './test-api'

// Firebase cannot be reached from here: this stand-in proves one phone per token it knows.
const FIREBASE_TOKENS: Record<string, string> = { 'good-firebase-token': '+17325550142', 'owners-token': '+17325550177' }
const firebase = { phoneOf: async (token: string) => FIREBASE_TOKENS[token] ?? null }

/** The API with Firebase's stand-in and the proxy's client address trusted, and the calls that send and check a phone code. */
export async function phoneCodesApi() {
  const api = await testApi({ firebase, env: { TRUST_PROXY: 'true' } })
  const { call, signUp, sms } = api

  let realNumber = 2000
  /** A number outside the reserved test range, so the embedded sender really "texts" it. */
  const nextRealNumber = () => `(973) 201-${String(realNumber++).padStart(4, '0')}`

  const sendCode = (cookie: string, phone: string) => call('POST', '/api/verification/send-code', { cookie, body: { phone } })
  const verify = (cookie: string, body: Record<string, unknown>) => call('PATCH', '/api/user/verify-phone', { cookie, body })
  const lastCodeTo = (e164: string) => /code is (\d{6})/.exec([...sms.outbox].reverse().find((message) => message.to === e164)!.body)![1]!
  const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`

  /** Someone new on a real number, a code just texted to it: where the send-limit and verifying tests start. */
  async function codeSentToNewAccount() {
    const phone = nextRealNumber()
    const account = await signUp({ phone })
    expect((await sendCode(account.cookie, phone)).status).toBe(200)
    return { ...account, phone, code: lastCodeTo(e164(phone)) }
  }

  return { api, nextRealNumber, sendCode, verify, lastCodeTo, e164, codeSentToNewAccount }
}
