import type { Listen } from '../../db/database'
import { type ChannelHub, channelHub, describeForLog, eventStream } from '../shared/index'
import { ORDER_CHANGED_CHANNEL } from './transitions'

/** Streams of orders in this process, woken by any instance's change (the payload is the order id). */
export const orderChangeHub = (listen: Listen) => channelHub(listen, ORDER_CHANGED_CHANNEL, (orderId) => orderId)

export type OrderChangeHub = ChannelHub

/** The order's chat on the same stream: each message heard, as this viewer may see it (null: not for them). */
export type ChatOnStream = { hub: ChannelHub; read: (payload: string) => unknown | null }

/**
 * One order's Server-Sent Events for one viewer: the order now, and again after every change.
 * Changes that arrive while the order is being read are folded into one more read, not queued.
 * Chat messages go out as they come, each an event named `message`.
 */
export function orderEventStream(
  hub: OrderChangeHub,
  orderId: string,
  readView: () => Promise<unknown | null>,
  heartbeatMs: number,
  chat?: ChatOnStream,
): ReadableStream<Uint8Array> {
  return eventStream(async (send) => {
    let reading: Promise<void> | null = null
    let again = false
    let open = true
    const push = async () => {
      const view = await readView()
      if (view) send('order', view)
    }
    const wake = () => {
      if (reading) {
        again = true
        return
      }
      reading = (async () => {
        do {
          again = false
          await push().catch((error) => console.error(`Order stream ${orderId}: ${describeForLog(error, { frames: false })}`))
        } while (again && open)
        reading = null
      })()
    }
    const unwatch = await hub.watch(orderId, wake)
    const unwatchChat = await chat?.hub.watch(orderId, (payload) => {
      const message = chat.read(payload)
      if (message) send('message', message)
    })
    wake()
    return () => {
      open = false
      unwatch()
      unwatchChat?.()
    }
  }, heartbeatMs)
}
