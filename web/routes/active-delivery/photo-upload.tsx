import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { type Order, type OrderPhotoSlot, photoMayBeAdded, receiptKept } from '../../../modules/orders/contract'
import { useStorePhoto } from '../../features/orders/api/orders'
import { OrderPhoto } from '../../features/orders/components/order-photo'
import { usePhotoUpload } from '../../features/runner/api/upload-photo'
import { useClock } from '../../lib/clock'
import { ApiError } from '../../lib/http'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { FieldError } from '../../ui/form'

const WORDS: Record<OrderPhotoSlot, { title: MessageDescriptor; take: MessageDescriptor; hint: MessageDescriptor }> = {
  receipt: { title: msg`Receipt photo`, take: msg`Take Receipt Photo`, hint: msg`The customer sees it, so they know what to pay you at the door.` },
  deliveryPhoto: { title: msg`Doorstep photo`, take: msg`Take Doorstep Photo`, hint: msg`Show where you left the groceries.` },
}
/** Groceries paid by card: nothing is paid at the door, and the pick-up needs the receipt (issue 29). */
const CARD_RECEIPT_HINT = msg`Needed for this order: the customer sees it, and their card is charged its total.`
const NOTHING_FOUND_HINT = msg`Not needed: every item is marked not found, so nothing was bought.`

/** The server's reason when it gave one (in its words), else the likely cause. */
function failure(i18n: I18n, error: unknown): string {
  if (!(error instanceof ApiError) || typeof error.body.message !== 'string') return i18n._(msg`Not uploaded: check your connection and try again.`)
  const reason = error.body.message
  return i18n._(msg`Not uploaded: ${reason}`)
}

/**
 * The phone's camera for one of the order's photos: a preview of the shot at once, a progress
 * bar while it goes up, then the photo as stored; a refusal is said as the server said it.
 */
export function PhotoUpload({ order, slot }: { order: Order; slot: OrderPhotoSlot }) {
  const { t, i18n } = useLingui()
  const { upload, send } = usePhotoUpload(order.id, slot, { onStored: useStorePhoto(order.id, slot) })
  const [preview, setPreview] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const now = useClock().now()
  const stored = order[slot]
  const title = i18n._(WORDS[slot].title)
  const take = i18n._(WORDS[slot].take)
  // With every line marked not found nothing was bought: the order ends without a receipt.
  const nothingFound = order.status === 'runner_accepted' && order.items.length > 0 && order.items.every((item) => item.state === 'not_found')
  const hint = i18n._(
    slot !== 'receipt' ? WORDS[slot].hint : nothingFound ? NOTHING_FOUND_HINT : order.groceryPayment.method === 'card' ? CARD_RECEIPT_HINT : WORDS[slot].hint,
  )

  // A receipt sent with the grocery total is kept as sent, as the server keeps it.
  const kept = slot === 'receipt' && receiptKept({ receipt: order.receipt, hasGroceryTotal: order.actualGroceryCost !== null })
  // After delivery a missing doorstep photo may still be added, but a delivered order's photo is not retaken.
  const mayAdd =
    photoMayBeAdded(slot, { status: order.status, deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null }, new Date(now)) &&
    !(order.status === 'delivered' && stored) &&
    !kept

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  if (!mayAdd && !stored) return null

  const pick = (file: File | undefined) => {
    if (!file) return
    setPreview(URL.createObjectURL(file))
    void send(file)
  }
  const sending = upload.state === 'shrinking' || upload.state === 'sending'
  const percent = upload.state === 'sending' ? Math.round(upload.progress * 100) : 0
  // A refused file is no photo to keep on screen (it may not be a picture at all): the stored one, if any, shows instead.
  const showPreview = preview !== null && (upload.state === 'shrinking' || upload.state === 'sending')

  return (
    <Card compact className="stack delivery-card photo-upload" aria-label={title}>
      <h2>{title}</h2>
      {showPreview ? (
        <img className="photo-upload__preview" src={preview} alt={t`${title} preview`} onError={() => setPreview(null)} />
      ) : (
        stored && <OrderPhoto photo={stored} alt={title} />
      )}
      {upload.state === 'shrinking' && (
        <label className="photo-upload__progress">
          <Trans>Preparing photo...</Trans>
          <progress />
        </label>
      )}
      {upload.state === 'sending' && (
        <label className="photo-upload__progress">
          <Trans>Uploading {percent}%</Trans>
          <progress max={1} value={upload.progress} />
        </label>
      )}
      <p role="status" className="photo-upload__status">
        {upload.state === 'sent' ? t`Uploaded.` : ''}
      </p>
      {upload.state === 'failed' && <FieldError>{failure(i18n, upload.error)}</FieldError>}
      {/* Once the grocery total is entered the receipt it was read from stays. */}
      {kept && order.status !== 'delivered' && (
        <p className="meta">
          <Trans>Kept as sent with your grocery total: the customer checks the total against it.</Trans>
        </p>
      )}
      {mayAdd && (
        <>
          <Button type="button" block variant={stored ? undefined : 'primary'} disabled={sending} onClick={() => input.current?.click()}>
            {stored ? t`Retake Photo` : upload.state === 'failed' ? t`Try Another Photo` : take}
          </Button>
          {/* The camera's own picker, opened by the button; hidden, as its look cannot be styled. */}
          <input
            ref={input}
            hidden
            aria-label={take}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={sending}
            onChange={(event) => {
              pick(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <p className="meta">{hint}</p>
        </>
      )}
    </Card>
  )
}
