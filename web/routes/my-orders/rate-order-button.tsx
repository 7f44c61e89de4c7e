import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { AFTER_DELIVERY_DAYS } from '../../../modules/shared/contract'
import type { OrdersRole } from '../../features/orders/api/orders'
import { RatingForm } from '../../features/orders/components/rating-form'
import { mayRate } from '../../features/orders/components/rating-prompt'
import { useClock } from '../../lib/clock'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { useToast } from '../../ui/toast'

/** 'Rate' on a delivered order the viewer has not rated while the 7 days last: where a dismissed prompt comes back. */
export function RateOrderButton({ order, side, title }: { order: Order; side: OrdersRole; title: string }) {
  const [open, setOpen] = useState(false)
  const { toast } = useToast()
  const clock = useClock()
  const { t } = useLingui()
  if (!mayRate(order, clock.now()) && !open) return null
  const ratee = side === 'buyer' ? order.runnerFirstName?.trim() || t`your runner` : order.buyerFirstName?.trim() || t`the buyer`
  return (
    <>
      <Button type="button" size="small" onClick={() => setOpen(true)}>
        <Trans>
          Rate<span className="visually-hidden"> {title}</span>
        </Trans>
      </Button>
      {open && (
        <Dialog
          title={t`Rate ${title}`}
          description={t`Your rating of ${ratee} is shown to them once they have rated you too, or after ${AFTER_DELIVERY_DAYS} days.`}
          onClose={() => setOpen(false)}
        >
          <RatingForm
            order={order}
            ratee={ratee}
            onRated={() => {
              setOpen(false)
              toast({ title: t`Thanks for your rating`, description: t`Your rating of ${ratee} was sent.`, variant: 'success' })
            }}
          />
        </Dialog>
      )}
    </>
  )
}
