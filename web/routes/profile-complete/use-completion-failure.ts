import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { PHONE_VERIFICATION_REQUIRED_REDIRECT_MS } from '../../../modules/accounts/contract'
import { accountFieldErrors } from '../../features/accounts/account-field-errors'
import { useClock } from '../../lib/clock'
import { type FieldErrors, failureMessage } from '../../lib/form-errors'
import { ApiError } from '../../lib/http'
import { useToast } from '../../ui/toast'

/**
 * What a refused profile completion does (spec 000 §7, §8): a server that wants the phone
 * verified first sends the person there; any other failure is toasted with its field errors shown.
 */
export function useCompletionFailure() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { toast } = useToast()
  const clock = useClock()
  const cancelRedirect = useRef<() => void>(undefined)
  useEffect(() => () => cancelRedirect.current?.(), [])

  return (error: unknown, showFieldErrors: (errors: FieldErrors) => void) => {
    if (error instanceof ApiError && error.body.requiresPhoneVerification) {
      toast({ title: t`Phone Verification Required`, description: t`Please verify your phone number first. Redirecting...`, variant: 'destructive' })
      // The spec sends this to /firebase-phone-verification, a path its own route table lacks;
      // /phone-verification is the screen that verifies the phone.
      cancelRedirect.current = clock.after(PHONE_VERIFICATION_REQUIRED_REDIRECT_MS, () => navigate({ to: '/phone-verification' }))
      return
    }
    showFieldErrors(accountFieldErrors(error))
    toast({ title: t`Profile completion failed`, description: failureMessage(error, t`An error occurred`), variant: 'destructive' })
  }
}
