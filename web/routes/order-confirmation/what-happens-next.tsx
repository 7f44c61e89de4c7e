import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { formatCents, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../../modules/shared/contract'
import { orderCents } from '../../features/orders/order-figures'
import { useServiceWords } from '../../lib/use-service-words'
import { windowLabel } from '../../lib/window-words'
import { TitledCard } from '../../ui/card'

/** Spec 001 §2's 'What happens next?': the runner window (counted, for a scheduled order, from when runners see it), the hold, and how the groceries are paid. */
export function WhatHappensNext({ order }: { order: Order }) {
  const { t } = useLingui()
  const minutes = RUNNER_ACCEPTANCE_WINDOW_MINUTES
  const total = formatCents(orderCents(order.totalAmount))
  const window = order.scheduledWindow && windowLabel(order.scheduledWindow, order.storeTimeZone)
  const byCard = order.groceryPayment.method === 'card'
  const storeName = order.storeName
  const { methods } = useServiceWords()
  return (
    <TitledCard compact className="confirmation-next" title={<Trans>What happens next?</Trans>}>
      <ol className="confirmation-next__steps">
        <li>
          {window
            ? t`Runners see your order shortly before your ${window} window. A runner accepts your order within ${minutes} minutes of seeing it, and only then is your card charged ${total}.`
            : t`A runner accepts your order within ${minutes} minutes, and only then is your card charged ${total}.`}{' '}
          {byCard
            ? t`If no runner accepts in time, both holds on your card are released at no cost.`
            : t`If no runner accepts in time, the hold on your card is released at no cost.`}
        </li>
        <li>
          <Trans>Your runner shops at {storeName} and brings the groceries to your door.</Trans>
        </li>
        {/* How the groceries are paid, as the buyer chose at checkout: to the runner at the door, or by card, held now and charged at the receipt's total (issue 29). */}
        <li>
          {order.groceryPayment.method === 'at_door' ? (
            <Trans>You pay your runner for the groceries at the door, by {methods}.</Trans>
          ) : (
            <GroceryHoldStep holdCents={order.groceryPayment.holdCents} />
          )}
        </li>
      </ol>
    </TitledCard>
  )
}

function GroceryHoldStep({ holdCents }: { holdCents: number }) {
  const hold = formatCents(holdCents)
  return (
    <Trans>
      Your card is held for up to {hold} for the groceries. Your runner sends the store receipt, and your card is charged only its total; the rest of the hold
      is released. Nothing to pay at the door, unless the groceries come to more than the hold and you choose to pay the difference there.
    </Trans>
  )
}
