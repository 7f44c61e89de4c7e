import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useRef } from 'react'
import { toE164 } from '../../../modules/shared/contract'
import type { VerificationClientConfig } from '../../../modules/verification/contract'
import { reportBlockedSms, useSendCode, type VerifyPhoneInput } from '../../features/verification/api/use-phone-verification'
import { verificationConfigQueryOptions } from '../../features/verification/api/verification-config'
import { type FirebaseCodeSent, type FirebasePhoneSignIn, startFirebasePhoneSignIn } from '../../features/verification/firebase-phone'
import { smsWasBlocked } from '../../features/verification/send-failures'

/** Without the server's answer, codes go through the server and there is no fallback to offer. */
const UNKNOWN_CONFIG: VerificationClientConfig = {
  provider: 'embedded',
  firebase: null,
  captcha: { provider: 'embedded', siteKey: null },
  fallbackEnabled: false,
  testNumbersEnabled: false,
}

/**
 * How a code reaches the phone and what proves it came back: our server's code, or Firebase
 * phone sign-in and its ID token when the server is configured for Firebase.
 */
export function useSmsChannel(recaptchaContainer: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient()
  const sendCode = useSendCode()
  const firebase = useRef<Promise<FirebasePhoneSignIn> | null>(null)
  const firebaseCode = useRef<FirebaseCodeSent | null>(null)

  useEffect(
    () => () => {
      firebase.current?.then((signIn) => signIn.dispose()).catch(() => {})
    },
    [],
  )

  const config = () => queryClient.ensureQueryData(verificationConfigQueryOptions()).catch(() => UNKNOWN_CONFIG)

  async function firebaseSignIn(firebaseConfig: NonNullable<VerificationClientConfig['firebase']>) {
    firebase.current ??= startFirebasePhoneSignIn(firebaseConfig, recaptchaContainer.current ?? document.body)
    try {
      return await firebase.current
    } catch (error) {
      firebase.current = null
      throw error
    }
  }

  return {
    config,
    async send(phone: string) {
      const { provider, firebase: firebaseConfig } = await config()
      if (provider !== 'firebase' || !firebaseConfig) {
        firebaseCode.current = null
        await sendCode.mutateAsync({ phone })
        return
      }
      const e164 = toE164(phone)
      // The server's words for a number that is not a US one; Firebase would say it less kindly.
      if (!e164) throw new Error(t`Please enter a valid US phone number`)
      try {
        firebaseCode.current = await (await firebaseSignIn(firebaseConfig)).sendCode(e164)
      } catch (error) {
        // Firebase texts from the browser, so the server only learns of a blocked send from us; it opens the fallback there.
        if (smsWasBlocked(error)) await reportBlockedSms(phone)
        throw error
      }
    },
    async proof(phone: string, code: string): Promise<VerifyPhoneInput> {
      if (!firebaseCode.current) return { phone, verificationCode: code }
      return { phone, firebaseIdToken: await firebaseCode.current.confirm(code) }
    },
  }
}
