import { Trans } from '@lingui/react/macro'
import { AuthCardHeader } from '../../features/accounts/components/auth-card-header'
import { ButtonAnchor } from '../../ui/button'

export type EndedLink = { status: 'used' | 'expired'; refreshUrl: string }

/** A link that was used or has expired: the platform's refresh URL makes a new one, a full page away. */
export function LinkEnded({ status, refreshUrl }: EndedLink) {
  return (
    <>
      <AuthCardHeader
        step
        title={status === 'expired' ? <Trans>This link has expired</Trans> : <Trans>This link was already used</Trans>}
        lead={<Trans>A link to this form works once, and only for a few minutes. Get a new one to carry on.</Trans>}
      />
      <ButtonAnchor variant="primary" block href={refreshUrl}>
        <Trans>Get a new link</Trans>
      </ButtonAnchor>
    </>
  )
}
