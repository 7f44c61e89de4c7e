import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { GroceryPayment, OrderItemView, ScheduledWindow } from '../../../modules/orders/contract'
import { formatCents } from '../../../modules/shared/contract'
import { ConfirmDialog } from '../../ui/dialog'

type Choice = { onCancel: () => void; onConfirm: () => void }

/** Picking up with lines unticked: say plainly that those are reported as not available. Focus starts on going back to the list. */
export function MissingItemsDialog({ missing, onCancel, onConfirm }: Choice & { missing: OrderItemView[] }) {
  const { t } = useLingui()
  const count = missing.length
  return (
    <ConfirmDialog
      title={t`Report ${plural(count, { one: '# item', other: '# items' })} not available?`}
      description={
        <>
          <p>
            <Trans>These are not ticked, so they will be reported to the customer as not available at the store:</Trans>
          </p>
          <ul className="dialog__list">
            {missing.map((item) => (
              <li key={item.id}>{item.name}</li>
            ))}
          </ul>
        </>
      }
      keepLabel={t`Back to List`}
      onKeep={onCancel}
      confirmLabel={t`Mark as Picked Up`}
      onConfirm={onConfirm}
      tone="primary"
    />
  )
}

/**
 * Picking up with nothing ticked is not a delivery: the runner confirms that nothing was found,
 * and the order ends there, cancelled, with the customer's fee and tip refunded in full.
 */
export function NothingFoundDialog({
  customer,
  paid,
  byCard,
  busy,
  onCancel,
  onConfirm,
}: Choice & { customer: string; paid: string; byCard: boolean; busy: boolean }) {
  const { t } = useLingui()
  return (
    <ConfirmDialog
      title={t`Nothing found?`}
      description={
        <>
          <p>
            <Trans>None of the items is ticked. Confirming ends the order as nothing found: it is cancelled, not delivered.</Trans>
          </p>
          <p>
            <Trans>
              {customer} is told and gets the {paid} fee and tip back in full, so there are no earnings for this order.
            </Trans>{' '}
            {byCard ? (
              <Trans>Nobody pays for groceries: the hold on their card for the groceries is released.</Trans>
            ) : (
              <Trans>Nobody pays for groceries.</Trans>
            )}
          </p>
        </>
      }
      keepLabel={t`Back to List`}
      onKeep={onCancel}
      confirmLabel={busy ? t`Ending Order...` : t`Confirm Nothing Found`}
      onConfirm={onConfirm}
      tone="danger"
      busy={busy}
    />
  )
}

/**
 * What the runner confirms at the door, by the order's own grocery payment: paid to them there (the
 * total when they entered it), or paid in the app with nothing, or only a difference, to collect.
 */
export function deliveredWords(i18n: I18n, customer: string, { method, collectAtDoorCents, extraCents, extraStatus }: GroceryPayment): string {
  const collect = formatCents(collectAtDoorCents)
  if (method === 'at_door')
    return collectAtDoorCents > 0
      ? i18n._(msg`Confirm that ${customer} has the groceries and has paid you ${collect} for them.`)
      : i18n._(msg`Confirm that ${customer} has the groceries and has paid you for them.`)
  if (extraStatus === 'awaiting_choice') {
    const extra = formatCents(extraCents)
    return i18n._(
      msg`Confirm that ${customer} has the groceries. The ${extra} above the card hold is not settled yet: ${customer} is choosing to pay it by card or to you at the door.`,
    )
  }
  if (collectAtDoorCents > 0) return i18n._(msg`Confirm that ${customer} has the groceries and has paid you the ${collect} left to pay at the door.`)
  return i18n._(msg`Confirm that ${customer} has the groceries. They are paid in the app: there is nothing to collect.`)
}

/**
 * Delivered is the last step and cannot be undone, so it is confirmed first. Far before a
 * scheduled order's window the runner is warned, not stopped: the buyer may have asked for it early.
 */
export function DeliveredDialog({
  customer,
  payment,
  earlyFor,
  onCancel,
  onConfirm,
}: Choice & { customer: string; payment: GroceryPayment; earlyFor: ScheduledWindow | null }) {
  const { t, i18n } = useLingui()
  const deliveryWindow = earlyFor?.label
  return (
    <ConfirmDialog
      title={t`Mark as delivered?`}
      description={
        <>
          {earlyFor && (
            <p className="form-notice form-notice--info">
              <Trans>
                This order is scheduled for {deliveryWindow}, and that window has not started. Deliver before it only if {customer} agreed.
              </Trans>
            </p>
          )}
          <p>{`${deliveredWords(i18n, customer, payment)} ${t`This cannot be undone.`}`}</p>
        </>
      }
      keepLabel={t`Not Yet`}
      onKeep={onCancel}
      confirmLabel={t`Mark as Delivered`}
      onConfirm={onConfirm}
      tone="primary"
    />
  )
}
