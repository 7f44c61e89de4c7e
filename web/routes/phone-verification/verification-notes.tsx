import { Trans } from '@lingui/react/macro'
import { TEST_CODE, TEST_PHONE_EXAMPLE } from '../../../modules/verification/contract'

/** Development and test servers accept reserved numbers with a fixed code (spec 000 §2). */
export function TestNumberHint() {
  return (
    <p className="form-notice form-notice--info">
      <Trans>
        <strong>Testing?</strong> Use <span className="nowrap">{TEST_PHONE_EXAMPLE}</span> or any number ending 555-0100 to 555-0199, with the code{' '}
        <strong>{TEST_CODE}</strong>. No text message is sent.
      </Trans>
    </p>
  )
}

export function SmsLimitHelp() {
  return (
    <p className="verify-help meta">
      <Trans>
        <strong>Seeing “Too many requests”?</strong> Daily SMS limits apply. Wait 15 to 30 minutes, or try again from another device or network.
      </Trans>
    </p>
  )
}
