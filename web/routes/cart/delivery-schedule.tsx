import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { ScheduledWindow } from '../../../modules/orders/contract'
import type { CartDetails } from '../../features/cart/cart-details'
import { deliveryWindowsQueryOptions } from '../../features/cart-checkout/api/delivery-windows'
import { FirstWindowButton } from '../../features/cart-checkout/components/first-window-button'
import { WindowPicker } from '../../features/cart-checkout/components/window-picker'
import { windowLabel } from '../../lib/window-words'
import { TitledCard } from '../../ui/card'

type DeliveryType = CartDetails['deliveryType']

/**
 * ASAP, or a window later this week chosen from the store's own: the windows are fetched only once
 * the buyer asks for later, or at once when the store is closed (then only a window will do, and
 * the soonest is one tap away). Where it goes and what the runner should know sit in the same card.
 */
export function DeliverySchedule(props: {
  storeId: string
  deliverTo: string
  deliveryType: DeliveryType
  /** The store is closed now, in checkout's words: only a window can be chosen, and the soonest is offered. */
  closedMessage: string | null
  onDeliveryTypeChange: (type: DeliveryType) => void
  scheduledWindow: ScheduledWindow | null
  onWindowChange: (chosen: ScheduledWindow) => void
  instructions: string
  onInstructionsChange: (text: string) => void
}) {
  const { storeId, deliverTo, deliveryType, closedMessage, onDeliveryTypeChange, scheduledWindow, onWindowChange, instructions, onInstructionsChange } = props
  const { t } = useLingui()
  const id = useId()
  // The picker's windows, as it last loaded them (asked for nothing more here), carry the store's zone, in which the chosen one is named.
  const timeZone = useQueryClient().getQueryData(deliveryWindowsQueryOptions(storeId).queryKey)?.timeZone
  const chosen = scheduledWindow && (timeZone ? windowLabel(scheduledWindow, timeZone) : scheduledWindow.label)
  return (
    <TitledCard compact className="cart-card" title={<Trans>Delivery Schedule</Trans>}>
      <fieldset className="delivery-options">
        <legend className="visually-hidden">
          <Trans>When to deliver</Trans>
        </legend>
        <label className="choice-tile delivery-option">
          <input
            type="radio"
            name={`${id}-when`}
            checked={deliveryType === 'asap'}
            disabled={closedMessage !== null}
            onChange={() => onDeliveryTypeChange('asap')}
          />
          <span>
            <strong>
              <Trans comment="As soon as possible, a way to deliver">ASAP</Trans>
            </strong>
            <span className="meta meta--small">{closedMessage ? t`Not while the store is closed` : t`Typically Same Day`}</span>
          </span>
        </label>
        <label className="choice-tile delivery-option">
          <input type="radio" name={`${id}-when`} checked={deliveryType === 'scheduled'} onChange={() => onDeliveryTypeChange('scheduled')} />
          <span>
            <strong>
              <Trans>Schedule for later</Trans>
            </strong>
            <span className="meta meta--small">{deliveryType === 'scheduled' && chosen ? chosen : t`Choose a 2-hour window`}</span>
          </span>
        </label>
      </fieldset>
      {closedMessage && (
        <div className="stack stack--snug">
          <p className="form-notice form-notice--info" role="status">
            {closedMessage} <Trans>Choose a delivery window instead.</Trans>
          </p>
          {!scheduledWindow && <FirstWindowButton storeId={storeId} onChoose={onWindowChange} />}
        </div>
      )}
      {deliveryType === 'scheduled' && (
        <WindowPicker storeId={storeId} value={scheduledWindow?.start ?? null} onChange={({ start, end, label }) => onWindowChange({ start, end, label })} />
      )}
      {deliverTo && (
        <p className="delivery-address">
          <span>
            <Trans>Delivering to</Trans>
          </span>{' '}
          {deliverTo}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-instructions`}>
          <Trans>Delivery instructions (optional)</Trans>
        </label>
        <textarea
          id={`${id}-instructions`}
          rows={2}
          maxLength={500}
          placeholder={t`Gate code, apartment, where to leave the bags...`}
          value={instructions}
          onChange={(event) => onInstructionsChange(event.target.value)}
        />
      </div>
    </TitledCard>
  )
}
