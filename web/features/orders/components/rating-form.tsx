import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId } from 'react'
import type { Order } from '../../../../modules/orders/contract'
import { newRatingSchema, RATING_COMMENT_MAX_LENGTH } from '../../../../modules/trust/contract'
import { ApiError } from '../../../lib/http'
import { Button } from '../../../ui/button'
import { FieldError } from '../../../ui/form'
import { useValidatedForm } from '../../../ui/use-validated-form'
import { useRateOrder } from '../api/after-delivery'

const STARS = [1, 2, 3, 4, 5] as const

/** Stars as a radio group (arrow keys move between them), an optional comment, and Send. */
export function RatingForm({ order, ratee, onRated }: { order: Order; ratee: string; onRated?: () => void }) {
  const form = useValidatedForm<{ stars: number | null; comment: string }>({ stars: null, comment: '' })
  const { stars, comment } = form.values
  const rate = useRateOrder(order.id, { onRated })
  const name = useId()
  const commentId = useId()
  const { t } = useLingui()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const rating = form.validate(newRatingSchema, { stars, comment: comment.trim() || undefined })
    if (rating) rate.mutate(rating)
  }

  return (
    <form ref={form.formRef} className="stack" onSubmit={submit} noValidate>
      <fieldset className="rating-form__stars">
        <legend>
          <Trans>How was {ratee}?</Trans>
        </legend>
        {STARS.map((value) => (
          <label key={value} className={`rating-star${stars !== null && value <= stars ? ' rating-star--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={value}
              className="visually-hidden"
              checked={stars === value}
              onChange={() => form.setValue('stars', value)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{plural(value, { one: '# star', other: '# stars' })}</span>
          </label>
        ))}
      </fieldset>
      {form.errors.stars && <FieldError>{form.errors.stars}</FieldError>}
      <div className="field">
        <label htmlFor={commentId}>
          <Trans>Comment (optional)</Trans>
        </label>
        <textarea
          id={commentId}
          value={comment}
          maxLength={RATING_COMMENT_MAX_LENGTH}
          rows={2}
          onChange={(event) => form.setValue('comment', event.target.value)}
          aria-invalid={Boolean(form.errors.comment)}
        />
        {form.errors.comment && <FieldError>{form.errors.comment}</FieldError>}
      </div>
      {rate.error && <FieldError>{rate.error instanceof ApiError ? rate.error.userMessage : rate.error.message}</FieldError>}
      <Button type="submit" variant="primary" disabled={rate.isPending}>
        {rate.isPending ? t`Sending...` : t`Send Rating`}
      </Button>
    </form>
  )
}
