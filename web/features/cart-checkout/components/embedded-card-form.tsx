import { Trans, useLingui } from '@lingui/react/macro'
import { useImperativeHandle, useRef, useState } from 'react'
import { useClock } from '../../../lib/clock'
import { ApiError } from '../../../lib/http'
import { Field } from '../../../ui/form'
import { confirmEmbeddedCard } from '../api/confirm-embedded-card'
import { attemptEnded, type CardFormProps, CardPaymentError } from '../card-confirmer'
import {
  type CardField,
  type CardFieldErrors,
  type CardText,
  cardFieldErrors,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  missingCardFields,
  parseExpiry,
  sampleCardDetails,
} from '../card-input'
import { PromoMode } from './promo-mode'

const EMPTY: CardText = { number: '', expiry: '', cvc: '' }
const FORMAT: Record<CardField, (text: string) => string> = { number: formatCardNumber, expiry: formatExpiry, cvc: formatCvc }
const FIELD_ORDER: CardField[] = ['number', 'expiry', 'cvc']

/**
 * The embedded gateway's card form: number, expiry and CVC with labels, and under each field the
 * gateway's own message when it refuses that field. Promo Mode fills in a test card.
 */
export function EmbeddedCardForm({ confirmerRef, disabled }: CardFormProps) {
  const { t } = useLingui()
  const clock = useClock()
  const [card, setCard] = useState<CardText>(EMPTY)
  const [errors, setErrors] = useState<CardFieldErrors>({})
  const inputs = useRef(new Map<CardField, HTMLInputElement>())

  const showErrors = (found: CardFieldErrors) => {
    setErrors(found)
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) inputs.current.get(first)?.focus()
  }

  useImperativeHandle(confirmerRef, () => {
    async function confirmWithCard(clientSecret: string, { showFieldErrors }: { showFieldErrors: boolean }) {
      const expiry = parseExpiry(card.expiry)!
      try {
        await confirmEmbeddedCard({ clientSecret, cardNumber: card.number, expMonth: expiry.month, expYear: expiry.year, cvc: card.cvc })
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error
        // A decline of the first hold is about the card: the number field says so, beside the toast.
        if (error.status === 402) {
          if (showFieldErrors) showErrors({ number: error.userMessage })
          throw new CardPaymentError(error.userMessage)
        }
        const fields = cardFieldErrors(error.body.errors)
        if (Object.keys(fields).length === 0) throw new CardPaymentError(attemptEnded(), true)
        if (showFieldErrors) showErrors(fields)
        throw new CardPaymentError(error.userMessage)
      }
    }
    return {
      check() {
        const missing = missingCardFields(card)
        showErrors(missing)
        return Object.keys(missing).length === 0
      },
      confirm: (clientSecret) => confirmWithCard(clientSecret, { showFieldErrors: true }),
      // The same card again: the embedded gateway takes its details where Stripe.js takes the saved card's id.
      confirmAgain: (clientSecret) => confirmWithCard(clientSecret, { showFieldErrors: false }),
    }
  }, [card])

  const change = (field: CardField, text: string) => {
    setCard((current) => ({ ...current, [field]: FORMAT[field](text) }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const pickTestCard = (cardNumber: string) => {
    const sample = sampleCardDetails(new Date(clock.now()))
    setCard((current) => ({ number: formatCardNumber(cardNumber), expiry: current.expiry || sample.expiry, cvc: current.cvc || sample.cvc }))
    setErrors({})
  }

  const input = (
    field: CardField,
    ids: { id: string; describedBy: string | undefined; invalid: boolean },
    attributes: { autoComplete: string; placeholder: string; maxLength: number },
  ) => (
    <input
      ref={(element) => {
        if (element) inputs.current.set(field, element)
      }}
      id={ids.id}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid}
      inputMode="numeric"
      value={card[field]}
      onChange={(event) => change(field, event.target.value)}
      {...attributes}
    />
  )

  return (
    <fieldset className="fieldset card-form" disabled={disabled}>
      <legend className="visually-hidden">
        <Trans>Card details</Trans>
      </legend>
      <Field label={t`Card number`} error={errors.number}>
        {(ids) => input('number', ids, { autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23 })}
      </Field>
      <div className="card-form__row">
        <Field label={t`Expiry date`} error={errors.expiry}>
          {(ids) =>
            input('expiry', ids, {
              autoComplete: 'cc-exp',
              placeholder: t({ comment: 'Month and year, as printed on a card', message: 'MM / YY' }),
              maxLength: 7,
            })
          }
        </Field>
        <Field label={t`CVC`} error={errors.cvc}>
          {(ids) => input('cvc', ids, { autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 })}
        </Field>
      </div>
      <PromoMode onPick={pickTestCard} disabled={disabled} />
    </fieldset>
  )
}
