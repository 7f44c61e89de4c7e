import { type FormEvent, useId, useState } from 'react'
import { type Order, RATING_COMMENT_MAX_LENGTH } from '../../../../modules/orders/contract'
import { ApiError } from '../../../lib/http'
import { Button } from '../../../ui/button'
import { FieldError } from '../../../ui/form'
import { useRateOrder } from '../api/after-delivery'

const STARS = [1, 2, 3, 4, 5] as const

/** Stars as a radio group (arrow keys move between them), an optional comment, and Send. */
export function RatingForm({ order, ratee, onRated }: { order: Order; ratee: string; onRated?: () => void }) {
  const [stars, setStars] = useState<number | null>(null)
  const [comment, setComment] = useState('')
  const [missing, setMissing] = useState(false)
  const rate = useRateOrder(order.id, { onRated })
  const name = useId()
  const commentId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (stars === null) return setMissing(true)
    rate.mutate({ stars, comment: comment.trim() || undefined })
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <fieldset className="rating-form__stars">
        <legend>How was {ratee}?</legend>
        {STARS.map((value) => (
          <label key={value} className={`rating-star${stars !== null && value <= stars ? ' rating-star--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={value}
              className="visually-hidden"
              checked={stars === value}
              onChange={() => {
                setStars(value)
                setMissing(false)
              }}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {value} {value === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </fieldset>
      {missing && <FieldError>Choose 1 to 5 stars</FieldError>}
      <div className="field">
        <label htmlFor={commentId}>Comment (optional)</label>
        <textarea id={commentId} value={comment} maxLength={RATING_COMMENT_MAX_LENGTH} rows={2} onChange={(event) => setComment(event.target.value)} />
      </div>
      {rate.error && <FieldError>{rate.error instanceof ApiError ? rate.error.userMessage : rate.error.message}</FieldError>}
      <Button type="submit" variant="primary" disabled={rate.isPending}>
        {rate.isPending ? 'Sending...' : 'Send Rating'}
      </Button>
    </form>
  )
}
