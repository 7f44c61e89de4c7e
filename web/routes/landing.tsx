import { BRAND_NAME, SIGN_IN_TAGLINE } from '../../modules/shared/contract'
import { Footer } from '../ui/footer'

export function LandingPage() {
  return (
    <main className="landing">
      <header className="landing__header">
        <span className="brand">{BRAND_NAME}</span>
        <a href="/auth">Sign In</a>
      </header>
      <h1>{SIGN_IN_TAGLINE}</h1>
      <a href="/auth" className="button button--primary">
        Get Started
      </a>
      <Footer />
    </main>
  )
}
