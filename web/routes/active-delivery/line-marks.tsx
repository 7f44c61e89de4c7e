import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { type ItemMark, type OrderItemView, replacementSchema } from '../../../modules/orders/contract'
import { useStoreOrder } from '../../features/orders/api/orders'
import { SUBSTITUTION_PREFERENCE_LABELS } from '../../features/orders/substitution-labels'
import { useMarkItem } from '../../features/runner/api/mark-item'
import { ApiError } from '../../lib/http'
import { Button } from '../../ui/button'
import { FieldError, TextField } from '../../ui/form'
import { useValidatedForm } from '../../ui/use-validated-form'

const failure = (i18n: I18n, error: unknown) =>
  error instanceof ApiError && typeof error.body.message === 'string'
    ? error.body.message
    : i18n._(msg`That did not go through. Check your connection and try again.`)

/**
 * The runner's marks on one line beyond the tick: not found, found after all, or a replacement
 * (sent to the buyer to answer on a 'Contact me' line, taken at once on 'Best match', never on
 * 'Skip'). Folded under one button per line, so the list stays a list.
 */
export function LineMarks({ orderId, item }: { orderId: string; item: OrderItemView }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const mark = useMarkItem(orderId, item.id, { onUpdated: useStoreOrder() })
  const form = useValidatedForm({ name: '', price: '', note: '' })
  const panelId = useId()
  if (item.substitution?.status === 'proposed') return null

  const send = (next: ItemMark) => mark.mutate(next, { onSuccess: () => setOpen(false) })
  const offer = (event: FormEvent) => {
    event.preventDefault()
    const { name, price, note } = form.values
    const replacement = form.validate(replacementSchema, { name, ...(price.trim() && { price: price.trim().replace(/^\$/, '') }), note })
    if (replacement) send({ state: 'substituted', replacement })
  }
  const preference = item.substitutionPreference
  const asks = preference === 'contact_me'

  return (
    <div className="line-marks">
      <button type="button" className="cart-action" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((shown) => !shown)}>
        {item.state === 'pending' ? t`Can't find it?` : t`Change`}
        <span className="visually-hidden"> ({item.name})</span>
      </button>
      {open && (
        <div id={panelId} className="line-marks__panel">
          <p className="line-marks__preference">{SUBSTITUTION_PREFERENCE_LABELS[preference].forRunner}</p>
          <div className="line-marks__quick">
            {item.state !== 'not_found' && (
              <Button type="button" size="small" disabled={mark.isPending} onClick={() => send({ state: 'not_found' })}>
                <Trans>Mark Not Found</Trans>
              </Button>
            )}
            {item.state !== 'pending' && item.state !== 'found' && (
              <Button type="button" size="small" disabled={mark.isPending} onClick={() => send({ state: 'found' })}>
                <Trans>Found It</Trans>
              </Button>
            )}
          </div>
          {preference !== 'skip' && (
            <form ref={form.formRef} className="stack stack--snug" onSubmit={offer} noValidate>
              <TextField label={t`Replacement`} {...form.bind('name')} placeholder={t`e.g. Swad Toor Dal, 4 lb`} autoComplete="off" />
              <TextField label={t`Price in dollars (optional)`} {...form.bind('price')} inputMode="decimal" placeholder="0.00" autoComplete="off" />
              <TextField label={t`Note for the customer (optional)`} {...form.bind('note')} autoComplete="off" />
              <Button type="submit" variant="primary" disabled={mark.isPending}>
                {mark.isPending ? t`Sending...` : asks ? t`Ask Customer` : t`Replace`}
              </Button>
            </form>
          )}
          {mark.isError && <FieldError>{failure(i18n, mark.error)}</FieldError>}
        </div>
      )}
    </div>
  )
}
