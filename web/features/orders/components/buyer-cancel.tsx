import { plural, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { NO_SHOW_AFTER_HOURS, NO_SHOW_AFTER_MS, type Order } from '../../../../modules/orders/contract'
import { useClock } from '../../../lib/clock'
import { useCurrentUser } from '../../../lib/current-user'
import { failureMessage } from '../../../lib/form-errors'
import { ApiError } from '../../../lib/http'
import { useSecondsLeft } from '../../../lib/use-seconds-left'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { isReoffered } from '../reoffered'
import { CancelOrderButton, ConfirmCancel } from './cancel-order-button'
import { useCancelQuestion } from './use-cancel-question'

/** Cancel, for the order's buyer while it waits for a runner (a first one, or another after a give-up): on tracking and the order detail, as on My Orders. */
export function CancelWhileWaiting({ order }: { order: Order }) {
  const viewerId = useCurrentUser().data?.user?.id
  const { t } = useLingui()
  if (order.buyerId !== viewerId || order.status !== 'pending_runner_acceptance') return null
  return (
    <Card compact className="stack stack--snug buyer-order-actions" aria-label={t`Cancel order`}>
      <p>
        {isReoffered(order) ? (
          <Trans>Your runner gave this order up, and it is offered to other runners now. You can wait for one, or cancel for a full refund.</Trans>
        ) : (
          <Trans>No runner has accepted yet, so you can still cancel at no cost.</Trans>
        )}
      </p>
      <CancelOrderButton order={order} />
    </Card>
  )
}

/**
 * 'Cancel — runner never came', for the buyer of a paid order its runner accepted and has not
 * picked up: the server allows it 2 hours after the accept, and refunds the fee and tip. Until
 * then it says how many minutes are left, from the accept time or from the server's 409.
 */
export function CancelNoShow({ order }: { order: Order }) {
  const viewerId = useCurrentUser().data?.user?.id
  if (order.buyerId !== viewerId || order.status !== 'runner_accepted' || order.paymentStatus !== 'captured') return null
  return <NoShow order={order} />
}

/** '45 minutes'; past the hour in hours and minutes: '1 hour 59 minutes', '2 hours'. */
const minutes = (count: number) => {
  const hours = Math.floor(count / 60)
  const rest = count % 60
  if (hours === 0) return plural(count, { one: '# minute', other: '# minutes' })
  if (rest === 0) return plural(hours, { one: '# hour', other: '# hours' })
  return t`${plural(hours, { one: '# hour', other: '# hours' })} ${plural(rest, { one: '# minute', other: '# minutes' })}`
}

function NoShow({ order }: { order: Order }) {
  const clock = useClock()
  const [allowedAt, setAllowedAt] = useState(() => (order.acceptedAt ? Date.parse(order.acceptedAt) : clock.now()) + NO_SHOW_AFTER_MS)
  const minutesLeft = Math.ceil(useSecondsLeft(allowedAt) / 60)
  const { open, ask, close, confirm, cancelling, toast, refreshOrders, number, amount: paid } = useCancelQuestion(order)
  const { t } = useLingui()
  const wait = minutes(minutesLeft)

  const cancel = () =>
    confirm(t`Order #${number} is cancelled and the ${paid} you paid is being refunded.`, (error) => {
      const early = error instanceof ApiError && error.body.code === 'TOO_EARLY_TO_CANCEL' ? error.body.minutesLeft : undefined
      if (typeof early === 'number') setAllowedAt(clock.now() + early * 60_000)
      else if (error instanceof ApiError && error.status === 409) refreshOrders()
      toast({ title: t`Cancel Failed`, description: failureMessage(error, t`The order could not be cancelled. Please try again.`), variant: 'destructive' })
    })

  return (
    <Card compact className="stack stack--snug buyer-order-actions" aria-label={t`Runner never came`}>
      <p>
        {minutesLeft > 0
          ? t`If your runner hasn't picked up your groceries in ${wait}, you can cancel here for a full refund of the ${paid} you paid.`
          : t`Your runner accepted over ${NO_SHOW_AFTER_HOURS} hours ago and hasn't picked up your groceries. You can cancel for a full refund of the ${paid} you paid.`}
      </p>
      <Button type="button" size="small" className="cancel-order" disabled={minutesLeft > 0} onClick={ask}>
        <Trans>Cancel — runner never came</Trans>
      </Button>
      {open && (
        <ConfirmCancel
          title={t`Cancel — runner never came?`}
          description={t`Your runner hasn't picked up order #${number}. Cancelling ends it and refunds the ${paid} fee and tip in full.`}
          keepLabel={t`Keep Waiting`}
          onKeep={close}
          onConfirm={cancel}
          cancelling={cancelling}
        />
      )}
    </Card>
  )
}
