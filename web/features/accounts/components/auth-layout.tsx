import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { BrandHomeLink } from '../../../ui/brand-home-link'
import { Card } from '../../../ui/card'
import { Footer } from '../../../ui/footer'

/** The frame of the signed-out account screens, and of other one-card pages: the brand and a tagline over one card. */
export function AuthLayout({ tagline, children }: { tagline?: string; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="auth-page">
      <main className="auth-page__main">
        <div className="auth-page__brand">
          <BrandHomeLink />
          <p className="meta meta--strong">{tagline ?? t`Your Local Indian Grocery Delivery`}</p>
        </div>
        <Card as="div" className="auth-card">
          {children}
        </Card>
      </main>
      <Footer />
    </div>
  )
}
