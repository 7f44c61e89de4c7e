import { Trans } from '@lingui/react/macro'
import { TEST_CODE, TEST_PHONE_EXAMPLE } from '../../../modules/verification/contract'
import { isProductionServer } from '../../lib/environment'

/** Outside production, reserved numbers get no SMS and accept a fixed code: say which. */
export function TestNumberHint() {
  if (isProductionServer()) return null
  return (
    <p className="form-notice form-notice--info">
      <Trans>
        <strong>Testing?</strong> Numbers ending in 555-0100 to 555-0199, such as {TEST_PHONE_EXAMPLE}, get no text message. Their code is{' '}
        <strong>{TEST_CODE}</strong>.
      </Trans>
    </p>
  )
}
