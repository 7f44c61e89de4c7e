import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { ORDER_POLL_MS } from '../../../../modules/orders/contract'
import { useOnline } from '../../../lib/online'
import type { StreamState } from '../../../lib/use-event-stream'

const POLL_SECONDS = ORDER_POLL_MS / 1000

const SHOWN: Record<StreamState | 'offline', { text: MessageDescriptor; meaning: MessageDescriptor }> = {
  connecting: { text: msg`Connecting...`, meaning: msg`Connecting to live updates` },
  live: { text: msg({ comment: 'The order updates live', message: 'Live' }), meaning: msg`Live: changes appear as they happen` },
  down: { text: msg`Reconnecting...`, meaning: msg`Reconnecting; until then the order is checked every ${POLL_SECONDS} seconds` },
  offline: { text: msg`Offline`, meaning: msg`Offline: this is the order as last loaded, and it updates once you're back online` },
}

/**
 * Whether the order on screen follows the server live, is being polled while the stream is down,
 * or cannot change at all because the device is offline (a stream can look open for a while
 * after the network went, so the browser's own word wins).
 */
export function LiveIndicator({ state }: { state: StreamState }) {
  const shown = useOnline() ? state : 'offline'
  const { i18n } = useLingui()
  const text = i18n._(SHOWN[shown].text)
  const meaning = i18n._(SHOWN[shown].meaning)
  return (
    <span className={`live-indicator live-indicator--${shown}`} title={meaning}>
      <span className="live-indicator__dot" aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{meaning}</span>
    </span>
  )
}
