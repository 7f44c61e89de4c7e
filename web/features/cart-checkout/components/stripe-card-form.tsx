import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { PaymentIntent, Stripe, StripeCardElementOptions } from '@stripe/stripe-js'
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react'
import { FieldError } from '../../../ui/form'
import { Spinner } from '../../../ui/loading-screen'
import { attemptEnded, type CardFormProps, CardPaymentError } from '../card-confirmer'
import { isStripeTestKey, loadStripeFor } from '../load-stripe'
import { PromoMode } from './promo-mode'

/** The card field draws inside Stripe's frame, where our stylesheet cannot reach: it gets the tokens' values. */
function cardElementOptions(disabled: boolean): StripeCardElementOptions {
  const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return {
    disabled,
    style: {
      base: { color: token('--color-ink'), fontFamily: token('--font-body'), fontSize: '16px', '::placeholder': { color: token('--color-ink-muted') } },
      invalid: { color: token('--color-danger'), iconColor: token('--color-danger') },
    },
  }
}

/**
 * Stripe Elements' card field, for when the server pays through Stripe. This module is loaded
 * only when that is so, and Stripe.js itself only once it renders.
 */
export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => loadStripeFor(publishableKey), [publishableKey])
  const [loaded, setLoaded] = useState<boolean | null>(null)
  useEffect(() => {
    let current = true
    void stripe.then((instance) => current && setLoaded(instance !== null))
    return () => {
      current = false
    }
  }, [stripe])

  if (loaded === false)
    return (
      <p className="form-notice form-notice--error" role="alert">
        <Trans>The secure card form could not load. Check your connection, then reload this page.</Trans>
      </p>
    )
  return (
    <Elements stripe={stripe}>
      <StripeCardField {...props} />
      {isStripeTestKey(publishableKey) && <PromoMode />}
    </Elements>
  )
}

type ConfirmResult = Awaited<ReturnType<Stripe['confirmCardPayment']>>

const paymentMethodOf = (intent: PaymentIntent | undefined) =>
  typeof intent?.payment_method === 'string' ? intent.payment_method : (intent?.payment_method?.id ?? null)

/** Null when the hold stands (confirmed now, or before: a lost answer, then a retry); else the words of the refusal. */
function failureOf(result: ConfirmResult): string | null {
  if (!result.error || result.error.payment_intent?.status === 'requires_capture') return null
  if (result.error.code === 'payment_intent_unexpected_state') throw new CardPaymentError(attemptEnded(), true)
  return result.error.message ?? t`Your card could not be authorized.`
}

function StripeCardField({ confirmerRef, disabled }: CardFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [complete, setComplete] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [ready, setReady] = useState(false)
  // The card the last confirm authorized, saved to the buyer's Customer: a second intent is confirmed with it, not the field.
  const savedCard = useRef<string | null>(null)
  const id = useId()

  useImperativeHandle(
    confirmerRef,
    () => ({
      check() {
        if (!stripe || !elements || !ready) {
          setError(t`The card form is still loading.`)
          return false
        }
        if (!complete) {
          setError(t`Your card details are incomplete.`)
          elements.getElement(CardElement)?.focus()
          return false
        }
        return true
      },
      async confirm(clientSecret) {
        const card = elements?.getElement(CardElement)
        if (!stripe || !card) throw new CardPaymentError(t`The card form is still loading.`)
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } })
        savedCard.current = paymentMethodOf(result.paymentIntent ?? result.error?.payment_intent)
        const message = failureOf(result)
        if (message === null) return
        // A decline is about the card: the field says so, beside the toast.
        setError(message)
        throw new CardPaymentError(message)
      },
      async confirmAgain(clientSecret) {
        if (!stripe || !savedCard.current) throw new CardPaymentError(t`The card form is still loading.`)
        // Stripe.js confirms with a PaymentMethod already saved to the intent's Customer by its id (confirmCardPayment's existing-card form).
        const message = failureOf(await stripe.confirmCardPayment(clientSecret, { payment_method: savedCard.current }))
        if (message !== null) throw new CardPaymentError(message)
      },
    }),
    [stripe, elements, complete, ready],
  )

  const options = useMemo(() => cardElementOptions(disabled), [disabled])
  return (
    <fieldset className="fieldset card-form">
      <legend className="fieldset__legend">
        <Trans>Card details</Trans>
      </legend>
      <div className={`stripe-card${error ? ' stripe-card--invalid' : ''}`}>
        {!ready && <Spinner label={t`Loading the secure card form`} />}
        <CardElement
          options={options}
          onReady={() => setReady(true)}
          onChange={(event) => {
            setComplete(event.complete)
            setError(event.error?.message ?? null)
          }}
        />
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  )
}
