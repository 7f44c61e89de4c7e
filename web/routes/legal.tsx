import type { ReactNode } from 'react'
import { BRAND_NAME, DELIVERY_RADIUS_MILES, PARENT_COMPANY, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../modules/shared/contract'
import { GROCERY_PAYMENT_METHODS, PLATFORM_FEE, RUNNER_EARNINGS } from '../lib/service-facts'
import { BrandHomeLink } from '../ui/brand-home-link'
import { Footer } from '../ui/footer'

/** /terms: the Terms of Service that sign-up and onboarding ask people to agree to. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        {BRAND_NAME} is run by {PARENT_COMPANY}. It connects people who want Indian groceries from local stores (buyers) with people in the same community who
        shop and deliver them (runners). By creating an account you agree to these terms.
      </p>
      <h2>Your account</h2>
      <p>
        You must be 18 or older and give your real name and a US phone number you can receive texts on. Keep your password to yourself; you are responsible for
        what is done with your account. You can stop using {BRAND_NAME} at any time.
      </p>
      <h2>Orders and payment</h2>
      <p>
        Buyers order from stores within {DELIVERY_RADIUS_MILES} miles. Online you pay only the {PLATFORM_FEE} platform fee and any tip you choose. Your card is
        authorized when you place the order and charged only when a runner accepts it. If no runner accepts within {RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes,
        or you cancel before one does, the hold is released and you are not charged.
      </p>
      <p>
        Prices in the catalog are estimates set by each store. You pay the runner what the groceries actually cost, at the door, by {GROCERY_PAYMENT_METHODS}.
        Items the runner cannot find are not charged.
      </p>
      <h2>Runners</h2>
      <p>
        Runners are independent members of the community, not employees of {PARENT_COMPANY}. A runner who accepts an order agrees to shop it honestly, report
        the real grocery total, and deliver it the same day. They earn: {RUNNER_EARNINGS}.
      </p>
      <h2>Behaving well</h2>
      <p>
        Be honest and respectful with buyers, runners and store staff. Do not use {BRAND_NAME} for anything illegal, for goods a store may not sell you, or to
        harass anyone. We may suspend accounts that break these rules.
      </p>
      <h2>Our responsibility</h2>
      <p>
        We run the app and handle the online payment; stores are responsible for their goods and runners for their deliveries. If something goes wrong with an
        order, tell us and we will help put it right, including refunds of the fee and tip where they are due.
      </p>
      <h2>Changes</h2>
      <p>If we change these terms we will say so in the app before the change applies. Using {BRAND_NAME} afterwards means you accept them.</p>
    </LegalPage>
  )
}

/** /privacy: what we keep about people, and why. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        {BRAND_NAME} ({PARENT_COMPANY}) keeps only what it needs to get groceries from a store to your door. This page says what that is and who sees it.
      </p>
      <h2>What we keep</h2>
      <ul>
        <li>Your name, email and phone number, to sign you in and let your buyer or runner reach you.</li>
        <li>Your delivery address and its map location, to find stores and runners near you.</li>
        <li>Your orders, messages about them, and receipt and doorstep photos, so both sides can see what happened.</li>
        <li>A token from your browser if you allow notifications, to tell you about your orders.</li>
      </ul>
      <h2>Cards</h2>
      <p>Card numbers go straight to our payment provider. We never see or store them; we keep only the payment's status and amount.</p>
      <h2>Who sees what</h2>
      <p>
        A runner sees your first name, address, phone and order only after accepting it, and a buyer sees the runner's name and phone the same way. Stores do
        not receive your details. We do not sell your data or show you advertising.
      </p>
      <h2>Texts and notifications</h2>
      <p>We text your phone only to verify it. Notifications are about your orders and deliveries, and you can turn them off in your browser at any time.</p>
      <h2>Your choices</h2>
      <p>
        You can change your details on your profile. To have your account and its data deleted, ask us and we will do it, keeping only the order and payment
        records the law requires us to keep.
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
