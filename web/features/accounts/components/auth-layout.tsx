import type { ReactNode } from 'react'
import { SIGN_IN_TAGLINE } from '../../../../modules/shared/contract'
import { BrandHomeLink } from '../../../ui/brand-home-link'
import { Card } from '../../../ui/card'
import { Footer } from '../../../ui/footer'

/** The frame of the signed-out account screens, and of other one-card pages: the brand and a tagline over one card. */
export function AuthLayout({ tagline = SIGN_IN_TAGLINE, children }: { tagline?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-page__main">
        <div className="auth-page__brand">
          <BrandHomeLink />
          <p className="meta meta--strong">{tagline}</p>
        </div>
        <Card as="div" className="auth-card">
          {children}
        </Card>
      </main>
      <Footer />
    </div>
  )
}
