import type { Stripe } from '@stripe/stripe-js'

const loading = new Map<string, Promise<Stripe | null>>()

/**
 * Stripe.js for this publishable key, fetched from js.stripe.com the first time a screen asks
 * (never for the landing page: the module itself is imported here, on demand). Resolves to null
 * when it cannot load (offline, or blocked), so screens can say so instead of failing silently.
 */
export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loading.get(publishableKey)
  if (!stripe) {
    stripe = import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch(() => {
        // A failed load may succeed later (the network came back), so it is not remembered.
        loading.delete(publishableKey)
        return null
      })
    loading.set(publishableKey, stripe)
  }
  return stripe
}

/** Stripe's publishable keys say whether they are for test mode, where its test cards work. */
export const isStripeTestKey = (publishableKey: string) => publishableKey.startsWith('pk_test_')
