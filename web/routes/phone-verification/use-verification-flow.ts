import { useLingui } from '@lingui/react/macro'
import { type RefObject, useState } from 'react'
import { formatUsPhone } from '../../../modules/shared/contract'
import { FALLBACK_VERIFIED_REDIRECT_MS, VERIFIED_REDIRECT_MS } from '../../../modules/verification/contract'
import { recordVerificationAttempt, useVerifyPhone, type VerifyPhoneInput } from '../../features/verification/api/use-phone-verification'
import { secondsUntilSendAllowed, smsWasBlocked } from '../../features/verification/send-failures'
import { useClock } from '../../lib/clock'
import { failureMessage } from '../../lib/form-errors'
import { useToast } from '../../ui/toast'
import { verifyFailureMessage } from './failures'
import { useSmsChannel } from './use-sms-channel'

export type VerificationStep =
  | { name: 'phone' }
  | { name: 'code'; sentAt: number }
  /** The SMS provider could not send, so a human check stands in for the code (spec 000 §4). */
  | { name: 'fallback' }
  | { name: 'verified'; redirectMs: number }
  /** The fallback passed: the number is on file but not confirmed, in the server's words. */
  | { name: 'saved'; message: string; redirectMs: number }

/** The phone verification screen's journey: phone, code (or the fallback), verified (or saved). */
export function useVerificationFlow(initialDigits: string, recaptchaContainer: RefObject<HTMLElement | null>) {
  const { t } = useLingui()
  const { toast, dismiss } = useToast()
  const clock = useClock()
  const channel = useSmsChannel(recaptchaContainer)
  const verifyPhone = useVerifyPhone()
  const [digits, setDigits] = useState(initialDigits)
  const [step, setStep] = useState<VerificationStep>({ name: 'phone' })
  const [sending, setSending] = useState(false)
  const [verifying, setVerifying] = useState(false)
  /** When our server will take another send to a number it refused as too soon (on the injected clock). */
  const [sendWait, setSendWait] = useState<{ phone: string; until: number } | null>(null)

  async function sendCode() {
    setSending(true)
    try {
      await channel.send(digits)
      setSendWait(null)
      const phone = formatUsPhone(digits)
      toast({ title: t`Verification Code Sent!`, description: t`We texted a 6-digit code to ${phone}.`, variant: 'success' })
      void recordVerificationAttempt(digits)
      setStep({ name: 'code', sentAt: clock.now() })
    } catch (error) {
      const waitSeconds = secondsUntilSendAllowed(error)
      if (waitSeconds !== null) {
        // The wait is shown on the card; an earlier 'Verification Code Sent!' would now mislead.
        dismiss()
        setSendWait({ phone: digits, until: clock.now() + waitSeconds * 1000 })
      } else if (smsWasBlocked(error) && (await channel.config()).fallbackEnabled) {
        toast({ title: t`Smart Verification Active`, description: t`SMS is blocked right now, so we switched to instant verification mode.` })
        setStep({ name: 'fallback' })
      } else {
        toast({ title: t`Verification Failed`, description: failureMessage(error, t`An error occurred`), variant: 'destructive' })
      }
    } finally {
      setSending(false)
    }
  }

  /** Sends the proof. Resolves to null once the server accepted it, else to what went wrong. */
  async function prove(proof: () => Promise<VerifyPhoneInput>, redirectMs: number, failureText: (error: unknown) => string): Promise<string | null> {
    setVerifying(true)
    try {
      const { message, user } = await verifyPhone.mutateAsync(await proof())
      if (user.phoneStatus === 'verified') {
        toast({ title: t`Phone Verified!`, description: t`Your phone number is verified.`, variant: 'success' })
        setStep({ name: 'verified', redirectMs })
      } else {
        // The card explains it; 'Smart Verification Active' is over.
        dismiss()
        setStep({ name: 'saved', message, redirectMs })
      }
      return null
    } catch (error) {
      const failure = failureText(error)
      toast({ title: t`Verification Failed`, description: failure, variant: 'destructive' })
      return failure
    } finally {
      setVerifying(false)
    }
  }

  return {
    step,
    digits,
    setDigits,
    sending,
    /** Set while the number in the field waits out a refused send; another number may be tried. */
    sendAllowedAt: sendWait?.phone === digits ? sendWait.until : null,
    verifying,
    sendCode,
    verifyCode: (code: string) => prove(() => channel.proof(digits, code), VERIFIED_REDIRECT_MS, verifyFailureMessage),
    verifyManually: (captchaToken: string) =>
      prove(
        async () => ({ phone: digits, fallbackVerification: true, recaptchaCompleted: true, captchaToken }),
        FALLBACK_VERIFIED_REDIRECT_MS,
        () => t`Failed to verify phone number. Please try again`,
      ),
    /** 'Change Phone Number' and 'Try SMS Again' both start over from the number. */
    startOver: () => setStep({ name: 'phone' }),
  }
}
