import { DELIVERY_RADIUS_MILES, SIGN_IN_TAGLINE, TOP_BAR_TAGLINE } from '../../modules/shared/contract'
import { PLATFORM_FEE } from '../lib/service-facts'
import { BrandName } from '../ui/brand'
import { buttonClassName } from '../ui/button'
import { Footer } from '../ui/footer'
import { Icon } from '../ui/icon'
import { GetStarted, type LandingLink } from './landing/get-started'
import { HowItWorks } from './landing/how-it-works'
import { RolePicker } from './landing/role-picker'

const HIGHLIGHTS = [`Indian stores within ${DELIVERY_RADIUS_MILES} miles`, 'Same-day delivery', `${PLATFORM_FEE} flat platform fee`]

export type { LandingLink }

export const PlainLink: LandingLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
)

/**
 * What signed-out visitors see (spec 000 §2, "Landing page (in-app)"). It needs React alone: the
 * landing's own page (web/landing-main.tsx) paints it without the app's router, queries or state.
 * Someone signed in has an app to go back to, not a sign-in.
 */
export function LandingPage({ signedIn, Link = PlainLink }: { signedIn: boolean; Link?: LandingLink }) {
  return (
    <div className="landing">
      <header className="header-bar">
        <div className="container app-header__bar">
          <span className="brand">
            <BrandName />
          </span>
          {signedIn ? (
            <Link to="/" className={buttonClassName({ size: 'small' })}>
              Open app
            </Link>
          ) : (
            <Link to="/auth" className={buttonClassName({ size: 'small' })}>
              Sign In
            </Link>
          )}
        </div>
      </header>
      <main>
        <div className="container landing__intro">
          <section className="stack stack--loose stack--start">
            <p className="eyebrow">{TOP_BAR_TAGLINE}</p>
            <h1>{SIGN_IN_TAGLINE}</h1>
            <p className="hero__lead">
              Groceries from the Indian stores near you, shopped and brought to your door the same day by a runner from your community.
            </p>
            <ul className="hero__highlights">
              {HIGHLIGHTS.map((highlight) => (
                <li key={highlight}>
                  <Icon name="check" />
                  {highlight}
                </li>
              ))}
            </ul>
          </section>
          <RolePicker />
        </div>
        <HowItWorks />
        <GetStarted signedIn={signedIn} Link={Link} />
      </main>
      <Footer />
    </div>
  )
}
