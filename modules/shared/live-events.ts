import type { Listen } from '../../db/database'

/**
 * Who is waiting for what on one LISTEN channel, in this process. One LISTEN per process hears
 * every instance's pg_notify; each message wakes only the watchers of its key (an order's id, a
 * user's id), with the message's payload.
 */
export function channelHub(listen: Listen, channel: string, keyOf: (payload: string) => string) {
  const watchers = new Map<string, Set<(payload: string) => void>>()
  let listening: Promise<unknown> | undefined
  const hear = (payload: string) => {
    for (const wake of watchers.get(keyOf(payload)) ?? []) wake(payload)
  }
  return {
    async watch(key: string, wake: (payload: string) => void): Promise<() => void> {
      await (listening ??= listen(channel, hear))
      let set = watchers.get(key)
      if (!set) watchers.set(key, (set = new Set()))
      set.add(wake)
      return () => {
        set.delete(wake)
        if (set.size === 0) watchers.delete(key)
      }
    },
    /** How many watchers are waiting, for the benchmarks and tests. */
    get watching() {
      let total = 0
      for (const set of watchers.values()) total += set.size
      return total
    },
  }
}

export type ChannelHub = ReturnType<typeof channelHub>

const encoder = new TextEncoder()

/** Writes one Server-Sent Event; nothing once the stream is closed. */
export type SendEvent = (event: string, data: unknown) => void

/**
 * A Server-Sent Events body: `start` subscribes and returns how to unsubscribe; a comment line
 * goes out every `heartbeatMs` so proxies keep the connection open; the browser is told to wait
 * 3 s before reconnecting. Closing the connection unsubscribes.
 */
export function eventStream(start: (send: SendEvent) => Promise<() => void>, heartbeatMs: number): ReadableStream<Uint8Array> {
  // The reader may go away at any moment, even while `start` is still subscribing.
  let closed = false
  let stop = () => {
    closed = true
  }
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (closed) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          // The runtime closed the stream before telling us: stop writing.
          stop()
        }
      }
      write('retry: 3000\n\n')
      const unsubscribe = await start((event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
      if (closed) return unsubscribe()
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs)
      stop = () => {
        closed = true
        clearInterval(heartbeat)
        unsubscribe()
      }
    },
    cancel() {
      stop()
    },
  })
}

export const EVENT_STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' }
