import { type OpenStatus, openStatusText } from '../../../../modules/catalog/contract'
import { useClock } from '../../../lib/clock'
import { Icon } from '../../../ui/icon'

/**
 * "Open · closes 9 PM" or "Closed · opens 9 AM tomorrow", in the store's own time zone. A store
 * cached by an older version of the app has no hours, and says nothing rather than guess.
 */
export function StoreOpenStatus({ store }: { store: Partial<OpenStatus> & { closedFor?: string | null } }) {
  const clock = useClock()
  if (store.timeZone === undefined || store.openNow === undefined || store.nextChange === undefined) return null
  const text = openStatusText(store as OpenStatus & { closedFor?: string | null }, new Date(clock.now()))
  const open = text.startsWith('Open')
  return (
    <span className={`store-fact store-hours ${open ? 'store-hours--open' : 'store-hours--closed'}`}>
      <Icon name="clock" className="store-fact__icon" />
      {text}
    </span>
  )
}
