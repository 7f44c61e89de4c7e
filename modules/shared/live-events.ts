import type { Listen } from '../../db/database'
import { AppError, tooManyRequests } from './app-error'

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

/**
 * An event's bytes, made once per data object: a change followed by a thousand streams is one
 * view sent a thousand times, so it is serialized once, not once per stream.
 */
const encodedEvents = new WeakMap<object, { event: string; bytes: Uint8Array }>()
function encodeEvent(event: string, data: unknown): Uint8Array {
  const kept = typeof data === 'object' && data !== null ? encodedEvents.get(data) : undefined
  if (kept?.event === event) return kept.bytes
  const bytes = encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  if (typeof data === 'object' && data !== null) encodedEvents.set(data, { event, bytes })
  return bytes
}

/** Writes one Server-Sent Event; nothing once the stream is closed. */
export type SendEvent = (event: string, data: unknown) => void

/** Subscribes a stream to what it relays and returns how to unsubscribe. */
export type StreamSource = (send: SendEvent) => Promise<() => void>

/**
 * Why the server ended a stream, sent as its last event (`event: end`). The browser's EventSource
 * reconnects by itself after `retryMs` (to another instance, when this one is stopping), and the
 * screens poll until it does.
 */
export type StreamEnd = { reason: 'shutting-down' | 'replaced'; retryMs: number }

/**
 * A Server-Sent Events body: `start` subscribes; a comment line goes out every `heartbeatMs` so
 * proxies keep the connection open; the browser is told to wait 3 s before reconnecting. The
 * reader leaving, or `end`, unsubscribes and then calls `onClose`.
 */
function eventStream(start: StreamSource, heartbeatMs: number, onClose: () => void) {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let closed = false
  let unsubscribe: (() => void) | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  const close = () => {
    if (closed) return
    closed = true
    clearInterval(heartbeat)
    unsubscribe?.()
    onClose()
  }
  const write = (chunk: string | Uint8Array) => {
    if (closed) return
    try {
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
    } catch {
      // The runtime closed the stream before telling us: stop writing.
      close()
    }
  }
  const body = new ReadableStream<Uint8Array>({
    async start(opened) {
      controller = opened
      write('retry: 3000\n\n')
      // The reader may go away at any moment, even while `start` is still subscribing.
      const stop = await start((event, data) => write(encodeEvent(event, data)))
      if (closed) return stop()
      unsubscribe = stop
      heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs)
    },
    cancel() {
      close()
    },
  })
  const end = ({ reason, retryMs }: StreamEnd) => {
    if (closed) return
    write(`retry: ${retryMs}\nevent: end\ndata: ${JSON.stringify({ reason })}\n\n`)
    close()
    try {
      controller.close()
    } catch {
      // Already closed by the runtime.
    }
  }
  return { body, end }
}

export type LiveStreamLimits = { perUser: number; perProcess: number }

/** A stopping instance's clients spread their reconnects over a few seconds instead of all at once. */
const SHUTDOWN_RETRY_MS = { min: 1000, spread: 4000 }
/** A stream replaced by the same person's newer one comes back slowly: it is most likely a tab left behind. */
const REPLACED_RETRY_MS = 60_000
const PROCESS_FULL_RETRY_SECONDS = 30

/**
 * Every live stream this process holds, within two limits. A person at their limit keeps their
 * newest streams: the oldest is ended (often a connection that died without the server noticing,
 * which refusing would leave counting against them). A process at its limit refuses new streams
 * with 429, so one person with many accounts cannot push everyone else's out; EventSource gives
 * up on a 429 and the screens poll instead.
 */
export function liveStreams({ perUser, perProcess }: LiveStreamLimits) {
  type Open = { userId: string; end: (why: StreamEnd) => void }
  const open = new Set<Open>()
  /** Each person's streams, oldest first. */
  const byUser = new Map<string, Open[]>()
  let stopping = false
  const forget = (stream: Open) => {
    open.delete(stream)
    const mine = byUser.get(stream.userId)
    const at = mine?.indexOf(stream) ?? -1
    if (at >= 0) mine!.splice(at, 1)
    if (mine?.length === 0) byUser.delete(stream.userId)
  }
  return {
    /** A stream for `userId`, to send as a Response body with EVENT_STREAM_HEADERS. */
    open(userId: string, start: StreamSource, heartbeatMs: number): ReadableStream<Uint8Array> {
      if (stopping) throw new AppError(503, 'SHUTTING_DOWN', 'The server is restarting; live updates resume in a moment.')
      const mine = byUser.get(userId) ?? []
      while (mine.length >= perUser) mine[0]!.end({ reason: 'replaced', retryMs: REPLACED_RETRY_MS })
      if (open.size >= perProcess)
        throw tooManyRequests(
          'Too many live connections right now; changes are checked every few seconds instead.',
          PROCESS_FULL_RETRY_SECONDS,
          'TOO_MANY_STREAMS',
        )
      const stream: Open = { userId, end: () => {} }
      const { body, end } = eventStream(start, heartbeatMs, () => forget(stream))
      stream.end = end
      open.add(stream)
      mine.push(stream)
      byUser.set(userId, mine)
      return body
    },
    /** Ends every stream with a final event and refuses new ones: the process is stopping. */
    endAll() {
      stopping = true
      for (const stream of [...open])
        stream.end({ reason: 'shutting-down', retryMs: SHUTDOWN_RETRY_MS.min + Math.floor(Math.random() * SHUTDOWN_RETRY_MS.spread) })
    },
    /** How many streams are open, for the benchmarks and tests. */
    get size() {
      return open.size
    },
  }
}

export type LiveStreams = ReturnType<typeof liveStreams>

export const EVENT_STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' }

/** A stream route's answer in the OpenAPI description (`detail`): events, not one JSON body. */
export const EVENT_STREAM_DETAIL = {
  responses: {
    '200': {
      description: 'Server-Sent Events until the client leaves; a stopping server ends it with an `end` event.',
      content: { 'text/event-stream': { schema: { type: 'string' as const } } },
    },
  },
}
