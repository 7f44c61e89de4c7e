import { useLingui } from '@lingui/react'
import type { OpenStatus } from '../../../../modules/catalog/contract'
import { useClock } from '../../../lib/clock'
import { Icon } from '../../../ui/icon'
import { openStatusWords } from '../open-status-words'

/**
 * "Open · closes 9 PM" or "Closed · opens 9 AM tomorrow", in the store's own time zone and the
 * language on screen. A store cached by an older version of the app has no hours, and says
 * nothing rather than guess.
 */
export function StoreOpenStatus({ store }: { store: Partial<OpenStatus> & { closedFor?: string | null } }) {
  const clock = useClock()
  const { i18n } = useLingui()
  if (store.timeZone === undefined || store.openNow === undefined || store.nextChange === undefined) return null
  const { text, open } = openStatusWords(i18n, store as OpenStatus & { closedFor?: string | null }, new Date(clock.now()))
  return (
    <span className={`store-fact store-hours ${open ? 'store-hours--open' : 'store-hours--closed'}`}>
      <Icon name="clock" className="store-fact__icon" />
      {text}
    </span>
  )
}
