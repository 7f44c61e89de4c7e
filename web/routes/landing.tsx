import { Trans, useLingui } from '@lingui/react/macro'
import { DELIVERY_RADIUS_MILES, type Language } from '../../modules/shared/contract'
import { LanguageSelect } from '../i18n/language-select'
import { PLATFORM_FEE } from '../lib/service-facts'
import { BrandName } from '../ui/brand'
import { buttonClassName } from '../ui/button-class'
import { Footer } from '../ui/footer'
import { Icon } from '../ui/icon'
import { GetStarted, type LandingLink } from './landing/get-started'
import { HowItWorks } from './landing/how-it-works'
import { RolePicker } from './landing/role-picker'

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
export function LandingPage({
  signedIn,
  Link = PlainLink,
  onChooseLanguage,
}: {
  signedIn: boolean
  Link?: LandingLink
  /** What choosing a language does: the app's saves it on the account too (features/accounts/api/use-choose-language). */
  onChooseLanguage: (language: Language) => void
}) {
  const { t } = useLingui()
  const miles = DELIVERY_RADIUS_MILES
  const fee = PLATFORM_FEE
  const highlights = [t`Indian stores within ${miles} miles`, t`Same-day delivery`, t`${fee} flat platform fee`]
  return (
    <div className="landing">
      <header className="header-bar">
        <div className="container app-header__bar">
          <span className="brand">
            <BrandName />
          </span>
          <div className="landing__header-actions">
            <LanguageSelect className="landing__language" hideLabel onChoose={onChooseLanguage} />
            {signedIn ? (
              <Link to="/" className={buttonClassName({ size: 'small' })}>
                <Trans>Open app</Trans>
              </Link>
            ) : (
              <Link to="/auth" className={buttonClassName({ size: 'small' })}>
                <Trans>Sign In</Trans>
              </Link>
            )}
          </div>
        </div>
      </header>
      <main>
        <div className="container landing__intro">
          <section className="stack stack--loose stack--start">
            <p className="eyebrow">
              <Trans>Your Local Indian Market</Trans>
            </p>
            <h1>
              <Trans>Your Local Indian Grocery Delivery</Trans>
            </h1>
            <p className="hero__lead">
              <Trans>Groceries from the Indian stores near you, shopped and brought to your door the same day by a runner from your community.</Trans>
            </p>
            <ul className="hero__highlights">
              {highlights.map((highlight) => (
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
