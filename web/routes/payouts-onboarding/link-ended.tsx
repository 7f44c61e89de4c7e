import { Trans } from '@lingui/react/macro'
import { StepHeading } from '../../features/accounts/components/step-heading'
import { ButtonAnchor } from '../../ui/button'

export type EndedLink = { status: 'used' | 'expired'; refreshUrl: string }

/** A link that was used or has expired: the platform's refresh URL makes a new one, a full page away. */
export function LinkEnded({ status, refreshUrl }: EndedLink) {
  return (
    <>
      <div className="auth-card__header">
        <StepHeading>{status === 'expired' ? <Trans>This link has expired</Trans> : <Trans>This link was already used</Trans>}</StepHeading>
        <p>
          <Trans>A link to this form works once, and only for a few minutes. Get a new one to carry on.</Trans>
        </p>
      </div>
      <ButtonAnchor variant="primary" block href={refreshUrl}>
        <Trans>Get a new link</Trans>
      </ButtonAnchor>
    </>
  )
}
