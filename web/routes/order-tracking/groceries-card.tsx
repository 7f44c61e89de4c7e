import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { GROCERY_TOTAL_STATES, type Order, type OrderStatus } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { useConfirmGroceryTotal } from '../../features/orders/api/confirm-grocery-total'
import { OrderPhoto } from '../../features/orders/components/order-photo'
import { useClock } from '../../lib/clock'
import { formatMoment } from '../../lib/format-time'
import { ApiError } from '../../lib/http'
import { Button } from '../../ui/button'
import { FieldError } from '../../ui/form'
import { GroceryExtraChoice, groceryCardResult } from './grocery-extra'
import { TrackingCard } from './tracking-card'

/**
 * What the groceries came to, before the door: the runner's receipt photo (tap to enlarge), their
 * total, and the buyer's 'Confirm total' once the runner has picked up, or for a card order whose
 * total is above the hold, the choice of how to pay the difference; confirmed, it says when, and
 * how the card paid.
 */
export function GroceriesCard({ order }: { order: Order }) {
  const confirm = useConfirmGroceryTotal(order.id)
  const now = useClock().now()
  const { t } = useLingui()
  if (!order.receipt && !order.actualGroceryCost) return null
  const confirmable = order.actualGroceryCost !== null && (GROCERY_TOTAL_STATES as readonly OrderStatus[]).includes(order.status)
  const confirmedAt = order.groceryTotalConfirmedAt
  const runnerName = order.runnerFirstName?.trim() || t`your runner`
  const choosing = confirmable && order.groceryPayment.extraStatus === 'awaiting_choice'
  const result = groceryCardResult(order, runnerName)
  const total = order.actualGroceryCost
  const where = paidWhere(order, runnerName)
  const confirmedWhen = confirmedAt && formatMoment(confirmedAt, now)
  return (
    <TrackingCard title={t`Receipt and total`}>
      {order.receipt && <OrderPhoto photo={order.receipt} alt={t`Store receipt`} />}
      {order.actualGroceryCost && (
        <p className="tracking-items__total">
          <Trans>
            Grocery total from the store receipt: <strong>${total}</strong>, {where}.
          </Trans>
        </p>
      )}
      {choosing && <GroceryExtraChoice order={order} confirm={confirm} />}
      {confirmable && !choosing && (
        <>
          <Button type="button" variant="primary" block disabled={confirmedAt !== null || confirm.isPending} onClick={() => confirm.mutate()}>
            {confirmedAt ? t`Total Confirmed` : confirm.isPending ? t`Confirming...` : t`Confirm Total`}
          </Button>
          <p role="status" className="groceries-card__confirmed">
            {confirmedAt && `${t`You confirmed $${total} at ${confirmedWhen}.`} `}
            {result}
          </p>
        </>
      )}
      {confirm.isError && (
        <FieldError>{confirm.error instanceof ApiError ? confirm.error.userMessage : t`Not confirmed: check your connection and try again.`}</FieldError>
      )}
    </TrackingCard>
  )
}

/**
 * Where the grocery total is paid: to the runner at the door, by card in the app, or both when
 * part of it is left to the door (an extra the buyer chose to pay there, or the card declined);
 * a card order says "at the door" only for what the runner actually collects there.
 */
function paidWhere(order: Order, runnerName: string): string {
  const { method, status, collectAtDoorCents } = order.groceryPayment
  const atDoor = formatCents(collectAtDoorCents)
  if (method === 'at_door') return t`paid to ${runnerName} at the door`
  if (collectAtDoorCents === 0) return t`paid by card in the app`
  if (status === 'capture_failed') return t`paid to ${runnerName} at the door, as your card declined it`
  return t`paid by card in the app, and ${atDoor} of it to ${runnerName} at the door`
}

/** Once delivered: where the runner left the groceries. */
export function DoorstepPhoto({ order }: { order: Order }) {
  const { t } = useLingui()
  if (order.status !== 'delivered' || !order.deliveryPhoto) return null
  return (
    <TrackingCard title={t`Left at your door`}>
      <OrderPhoto photo={order.deliveryPhoto} alt={t`Groceries at your door`} />
    </TrackingCard>
  )
}
