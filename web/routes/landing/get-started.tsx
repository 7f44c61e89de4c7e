import { Trans } from '@lingui/react/macro'
import { type ReactNode, useId } from 'react'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { buttonClassName } from '../../ui/button-class'
import { Icon } from '../../ui/icon'

/** A link out of the landing page: the router's inside the app, a plain link on the landing's own page. */
export type LandingLink = (props: { to: '/' | '/auth' | '/register'; className: string; children: ReactNode }) => ReactNode

export function GetStarted({ signedIn, Link }: { signedIn: boolean; Link: LandingLink }) {
  const headingId = useId()
  const brand = BRAND_NAME
  return (
    <section className="get-started" aria-labelledby={headingId}>
      <div className="container">
        <div className="get-started__panel">
          <h2 id={headingId}>
            <Trans>Join your neighbors on {brand}</Trans>
          </h2>
          <p>
            <Trans>Sign up with your phone number or email. Shop, deliver, or both from one account.</Trans>
          </p>
          {signedIn ? (
            <Link to="/" className={buttonClassName({ variant: 'primary', size: 'large' })}>
              <Trans>Open app</Trans>
            </Link>
          ) : (
            <>
              <Link to="/register" className={buttonClassName({ variant: 'primary', size: 'large' })}>
                <Trans>Get Started</Trans>
              </Link>
              <Link to="/auth" className="get-started__sign-in">
                <Trans>Already have an account? Sign In</Trans>
              </Link>
            </>
          )}
          <p className="secure-note">
            <Icon name="lock" className="icon secure-note__icon" />
            <span>
              <Trans>
                <strong>Secure payments.</strong> Cards are handled by our payment provider, and you are only charged once a runner accepts your order.
              </Trans>
            </span>
          </p>
        </div>
      </div>
    </section>
  )
}
