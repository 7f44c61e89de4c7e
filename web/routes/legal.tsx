import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { BRAND_NAME, DELIVERY_RADIUS_MILES, PARENT_COMPANY, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../modules/shared/contract'
import { useCatalogArea } from '../i18n/use-catalog-area'
import { useServiceWords } from '../lib/use-service-words'
import { BrandHomeLink } from '../ui/brand-home-link'
import { Footer } from '../ui/footer'

/** /terms: the Terms of Service that sign-up and onboarding ask people to agree to. */
export function TermsPage() {
  useCatalogArea('legal')
  const { t } = useLingui()
  const { fee, methods, runnerEarnings } = useServiceWords()
  const brand = BRAND_NAME
  const company = PARENT_COMPANY
  const miles = DELIVERY_RADIUS_MILES
  const minutes = RUNNER_ACCEPTANCE_WINDOW_MINUTES
  return (
    <LegalPage title={t`Terms of Service`}>
      <p>
        <Trans>
          {brand} is run by {company}. It connects people who want Indian groceries from local stores (buyers) with people in the same community who shop and
          deliver them (runners). By creating an account you agree to these terms.
        </Trans>
      </p>
      <h2>
        <Trans>Your account</Trans>
      </h2>
      <p>
        <Trans>
          You must be 18 or older and give your real name and a US phone number you can receive texts on. Keep your password to yourself; you are responsible
          for what is done with your account. You can stop using {brand} at any time.
        </Trans>
      </p>
      <h2>
        <Trans>Orders and payment</Trans>
      </h2>
      <p>
        <Trans>
          Buyers order from stores within {miles} miles. Online you pay only the {fee} platform fee and any tip you choose. Your card is authorized when you
          place the order and charged only when a runner accepts it. If no runner accepts within {minutes} minutes, or you cancel before one does, the hold is
          released and you are not charged.
        </Trans>
      </p>
      <p>
        <Trans>
          Prices in the catalog are estimates set by each store. You pay the runner what the groceries actually cost, at the door, by {methods}. Items the
          runner cannot find are not charged.
        </Trans>
      </p>
      <h2>
        <Trans>Runners</Trans>
      </h2>
      <p>
        <Trans>
          Runners are independent members of the community, not employees of {company}. A runner who accepts an order agrees to shop it honestly, report the
          real grocery total, and deliver it the same day. They earn: {runnerEarnings}.
        </Trans>
      </p>
      <h2>
        <Trans>Behaving well</Trans>
      </h2>
      <p>
        <Trans>
          Be honest and respectful with buyers, runners and store staff. Do not use {brand} for anything illegal, for goods a store may not sell you, or to
          harass anyone. We may suspend accounts that break these rules.
        </Trans>
      </p>
      <h2>
        <Trans>Our responsibility</Trans>
      </h2>
      <p>
        <Trans>
          We run the app and handle the online payment; stores are responsible for their goods and runners for their deliveries. If something goes wrong with an
          order, tell us and we will help put it right, including refunds of the fee and tip where they are due.
        </Trans>
      </p>
      <h2>
        <Trans>Changes</Trans>
      </h2>
      <p>
        <Trans>If we change these terms we will say so in the app before the change applies. Using {brand} afterwards means you accept them.</Trans>
      </p>
    </LegalPage>
  )
}

/** /privacy: what we keep about people, and why. */
export function PrivacyPage() {
  useCatalogArea('legal')
  const { t } = useLingui()
  const brand = BRAND_NAME
  const company = PARENT_COMPANY
  return (
    <LegalPage title={t`Privacy Policy`}>
      <p>
        <Trans>
          {brand} ({company}) keeps only what it needs to get groceries from a store to your door. This page says what that is and who sees it.
        </Trans>
      </p>
      <h2>
        <Trans>What we keep</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Your name, email and phone number, to sign you in and let your buyer or runner reach you.</Trans>
        </li>
        <li>
          <Trans>Your delivery address and its map location, to find stores and runners near you.</Trans>
        </li>
        <li>
          <Trans>Your orders, messages about them, and receipt and doorstep photos, so both sides can see what happened.</Trans>
        </li>
        <li>
          <Trans>A token from your browser if you allow notifications, to tell you about your orders.</Trans>
        </li>
      </ul>
      <h2>
        <Trans>Cards</Trans>
      </h2>
      <p>
        <Trans>Card numbers go straight to our payment provider. We never see or store them; we keep only the payment's status and amount.</Trans>
      </p>
      <h2>
        <Trans>Who sees what</Trans>
      </h2>
      <p>
        <Trans>
          A runner sees your first name, address, phone and order only after accepting it, and a buyer sees the runner's name and phone the same way. Stores do
          not receive your details. We do not sell your data or show you advertising.
        </Trans>
      </p>
      <h2>
        <Trans>Texts and notifications</Trans>
      </h2>
      <p>
        <Trans>
          We text your phone only to verify it. Notifications are about your orders and deliveries, and you can turn them off in your browser at any time.
        </Trans>
      </p>
      <h2>
        <Trans>Your choices</Trans>
      </h2>
      <p>
        <Trans>
          You can change your details on your profile. To have your account and its data deleted, ask us and we will do it, keeping only the order and payment
          records the law requires us to keep.
        </Trans>
      </p>
    </LegalPage>
  )
}

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="landing">
      <header className="header-bar">
        <div className="container app-header__bar">
          <BrandHomeLink />
        </div>
      </header>
      <main className="container legal-page">
        <h1>{title}</h1>
        {children}
      </main>
      <Footer />
    </div>
  )
}
