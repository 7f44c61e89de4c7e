import type { Listen } from '../../db/database'
import { ORDER_CHANGED_CHANNEL } from './transitions'

type Subscriber = () => void

/**
 * Who is watching which order, in this process. One LISTEN per process hears every instance's
 * changes (pg_notify, sent at commit); each change wakes only the streams of that order.
 */
export function orderChangeHub(listen: Listen) {
  const watchers = new Map<string, Set<Subscriber>>()
  let listening: Promise<unknown> | undefined
  const hear = (orderId: string) => {
    for (const wake of watchers.get(orderId) ?? []) wake()
  }
  return {
    async watch(orderId: string, wake: Subscriber): Promise<() => void> {
      await (listening ??= listen(ORDER_CHANGED_CHANNEL, hear))
      let set = watchers.get(orderId)
      if (!set) watchers.set(orderId, (set = new Set()))
      set.add(wake)
      return () => {
        set.delete(wake)
        if (set.size === 0) watchers.delete(orderId)
      }
    },
    /** How many streams are open, for the benchmark. */
    get watching() {
      let total = 0
      for (const set of watchers.values()) total += set.size
      return total
    },
  }
}

export type OrderChangeHub = ReturnType<typeof orderChangeHub>

const encoder = new TextEncoder()

/**
 * A Server-Sent Events stream of one order for one viewer: the order now, again after every
 * change, and a comment line every `heartbeatMs` so proxies keep the connection open. Changes
 * that arrive while the order is being read are folded into one more read, not queued.
 */
export function orderEventStream(hub: OrderChangeHub, orderId: string, readView: () => Promise<unknown | null>, heartbeatMs: number): ReadableStream<Uint8Array> {
  let stop = () => {}
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false
      let reading: Promise<void> | null = null
      let again = false
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text))
      }
      const push = async () => {
        const view = await readView()
        if (view) send(`event: order\ndata: ${JSON.stringify(view)}\n\n`)
      }
      const wake = () => {
        if (reading) {
          again = true
          return
        }
        reading = (async () => {
          do {
            again = false
            await push().catch((error) => console.error(`Order stream ${orderId}: ${(error as Error).message}`))
          } while (again && !closed)
          reading = null
        })()
      }
      const unwatch = await hub.watch(orderId, wake)
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs)
      stop = () => {
        closed = true
        clearInterval(heartbeat)
        unwatch()
      }
      // Reconnecting clients wait 3 s; the first message is the order as it is now.
      send('retry: 3000\n\n')
      wake()
    },
    cancel() {
      stop()
    },
  })
}
