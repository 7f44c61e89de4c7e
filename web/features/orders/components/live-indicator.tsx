import { ORDER_POLL_MS } from '../../../../modules/orders/contract'
import type { StreamState } from '../use-order-events'

const SHOWN: Record<StreamState, { text: string; meaning: string }> = {
  connecting: { text: 'Connecting...', meaning: 'Connecting to live updates' },
  live: { text: 'Live', meaning: 'Live: changes appear as they happen' },
  down: { text: 'Reconnecting...', meaning: `Reconnecting; until then the order is checked every ${ORDER_POLL_MS / 1000} seconds` },
}

/** Whether the order on screen follows the server live, or is being polled while the stream is down. */
export function LiveIndicator({ state }: { state: StreamState }) {
  const { text, meaning } = SHOWN[state]
  return (
    <span className={`live-indicator live-indicator--${state}`} title={meaning}>
      <span className="live-indicator__dot" aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{meaning}</span>
    </span>
  )
}
