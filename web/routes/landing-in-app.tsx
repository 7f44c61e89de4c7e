import { Link } from '@tanstack/react-router'
import { useChooseLanguage } from '../features/accounts/api/use-choose-language'
import { useCurrentUser } from '../lib/current-user'
import { type LandingLink, LandingPage } from './landing'

const RouterLink: LandingLink = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
)

/**
 * The landing inside the app (a path a signed-out visitor has no screen for, or /landing opened
 * from the app): the router's links, and signed in by the cached user. /landing's own page
 * (web/landing-main.tsx) shows the same page without the app.
 */
export function LandingInApp() {
  const chooseLanguage = useChooseLanguage()
  return <LandingPage signedIn={Boolean(useCurrentUser().data?.user)} Link={RouterLink} onChooseLanguage={chooseLanguage} />
}
