import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { VerificationClientConfig } from '../../../modules/verification/contract'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { CaptchaCheck } from '../../features/verification/components/captcha-check'
import { Button } from '../../ui/button'

type FallbackStepProps = {
  captcha: VerificationClientConfig['captcha']
  verifying: boolean
  /** Resolves to null once the phone is verified, else to the failure. */
  onVerify: (captchaToken: string) => Promise<string | null>
  onTrySmsAgain: () => void
}

/** The human check that stands in for the code while SMS is blocked (spec 000 §2, §4). */
export function FallbackStep({ captcha, verifying, onVerify, onTrySmsAgain }: FallbackStepProps) {
  const { t } = useLingui()
  const [token, setToken] = useState<string | null>(null)
  // A refused pass is spent: the next attempt starts from an unticked box.
  const [attempt, setAttempt] = useState(0)

  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        if (!token || (await onVerify(token)) === null) return
        setToken(null)
        setAttempt((count) => count + 1)
      }}
    >
      <CaptchaCheck key={attempt} captcha={captcha} onTokenChange={setToken} />
      <SubmitButton pending={verifying} pendingLabel={t`Verifying...`} disabled={!token}>
        <Trans>Verify Manually</Trans>
      </SubmitButton>
      <Button type="button" block disabled={verifying} onClick={onTrySmsAgain}>
        <Trans>Try SMS Again</Trans>
      </Button>
    </form>
  )
}
