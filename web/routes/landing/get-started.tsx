import { type ReactNode, useId } from 'react'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { buttonClassName } from '../../ui/button'
import { Icon } from '../../ui/icon'

/** A link out of the landing page: the router's inside the app, a plain link on the landing's own page. */
export type LandingLink = (props: { to: '/' | '/auth' | '/register'; className: string; children: ReactNode }) => ReactNode

export function GetStarted({ signedIn, Link }: { signedIn: boolean; Link: LandingLink }) {
  const headingId = useId()
  return (
    <section className="get-started" aria-labelledby={headingId}>
      <div className="container">
        <div className="get-started__panel">
          <h2 id={headingId}>Join your neighbors on {BRAND_NAME}</h2>
          <p>Sign up with your phone number or email. Shop, deliver, or both from one account.</p>
          {signedIn ? (
            <Link to="/" className={buttonClassName({ variant: 'primary', size: 'large' })}>
              Open app
            </Link>
          ) : (
            <>
              <Link to="/register" className={buttonClassName({ variant: 'primary', size: 'large' })}>
                Get Started
              </Link>
              <Link to="/auth" className="get-started__sign-in">
                Already have an account? Sign In
              </Link>
            </>
          )}
          <p className="secure-note">
            <Icon name="lock" className="icon secure-note__icon" />
            <span>
              <strong>Secure payments.</strong> Cards are handled by our payment provider, and you are only charged once a runner accepts your order.
            </span>
          </p>
        </div>
      </div>
    </section>
  )
}
