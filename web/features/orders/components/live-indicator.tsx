import { ORDER_POLL_MS } from '../../../../modules/orders/contract'
import { useOnline } from '../../../lib/online'
import type { StreamState } from '../../../lib/use-event-stream'

const SHOWN: Record<StreamState | 'offline', { text: string; meaning: string }> = {
  connecting: { text: 'Connecting...', meaning: 'Connecting to live updates' },
  live: { text: 'Live', meaning: 'Live: changes appear as they happen' },
  down: { text: 'Reconnecting...', meaning: `Reconnecting; until then the order is checked every ${ORDER_POLL_MS / 1000} seconds` },
  offline: { text: 'Offline', meaning: "Offline: this is the order as last loaded, and it updates once you're back online" },
}

/**
 * Whether the order on screen follows the server live, is being polled while the stream is down,
 * or cannot change at all because the device is offline (a stream can look open for a while
 * after the network went, so the browser's own word wins).
 */
export function LiveIndicator({ state }: { state: StreamState }) {
  const shown = useOnline() ? state : 'offline'
  const { text, meaning } = SHOWN[shown]
  return (
    <span className={`live-indicator live-indicator--${shown}`} title={meaning}>
      <span className="live-indicator__dot" aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{meaning}</span>
    </span>
  )
}
