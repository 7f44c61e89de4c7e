import { describe, expect, test } from 'bun:test'
import { AppError } from './app-error'
import { channelHub, liveStreams, type SendEvent } from './live-events'

/** A LISTEN stand-in: `notify(key)` wakes the watchers of `key`. */
function fakeHub() {
  let hear: (payload: string) => void = () => {}
  const hub = channelHub(
    async (_channel, onMessage) => {
      hear = onMessage
      return async () => {}
    },
    'test',
    (payload) => payload,
  )
  return { hub, notify: (key: string) => hear(key) }
}

/** Reads a stream's text until `done` says it has what it waits for, or the stream ends. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, done: (text: string) => boolean) {
  const decoder = new TextDecoder()
  let text = ''
  while (!done(text)) {
    const chunk = await reader.read()
    if (chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text
}

const relay = (hub: ReturnType<typeof fakeHub>['hub'], key: string) => (send: SendEvent) => hub.watch(key, (payload) => send('change', payload))

describe('live streams', () => {
  test('between events a stream sends a heartbeat comment, and closing it stops watching', async () => {
    const { hub, notify } = fakeHub()
    const streams = liveStreams({ perUser: 10, perProcess: 100 })
    const reader = streams.open('u1', relay(hub, 'k1'), 20).getReader()
    expect(await readUntil(reader, (text) => text.includes(': heartbeat'))).toStartWith('retry: 3000\n\n')
    notify('k1')
    expect(await readUntil(reader, (text) => text.includes('event: change'))).toContain('data: "k1"')
    expect(hub.watching).toBe(1)
    await reader.cancel()
    expect(hub.watching).toBe(0)
    expect(streams.size).toBe(0)
  })

  test('a reader that leaves while the stream is still subscribing leaves nothing behind', async () => {
    let subscribed: () => void = () => {}
    const streams = liveStreams({ perUser: 10, perProcess: 100 })
    // Resolved by the unsubscribe the subscription hands back; never, if the stream forgets to call it.
    const unsubscribed = Promise.withResolvers<void>()
    const reader = streams.open('u1', () => new Promise((resolve) => (subscribed = () => resolve(unsubscribed.resolve))), 10).getReader()
    await reader.cancel()
    expect(streams.size).toBe(0)
    subscribed()
    await unsubscribed.promise
  })

  test("past a person's limit their oldest stream ends with a final event; others' streams are untouched", async () => {
    const { hub } = fakeHub()
    const streams = liveStreams({ perUser: 2, perProcess: 100 })
    const first = streams.open('u1', relay(hub, 'k'), 1000).getReader()
    const theirs = streams.open('u2', relay(hub, 'k'), 1000).getReader()
    streams.open('u1', relay(hub, 'k'), 1000)
    streams.open('u1', relay(hub, 'k'), 1000)
    expect(await readUntil(first, () => false)).toEndWith('retry: 60000\nevent: end\ndata: {"reason":"replaced"}\n\n')
    expect(streams.size).toBe(3)
    await theirs.cancel()
  })

  test('past the process limit a new stream is refused with 429', () => {
    const { hub } = fakeHub()
    const streams = liveStreams({ perUser: 10, perProcess: 1 })
    streams.open('u1', relay(hub, 'k'), 1000)
    let refused: unknown
    try {
      streams.open('u2', relay(hub, 'k'), 1000)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ status: 429, code: 'TOO_MANY_STREAMS', retryAfterSeconds: 30 })
  })

  test('stopping ends every stream with a final event, spreads the reconnects, and refuses new streams', async () => {
    const { hub } = fakeHub()
    const streams = liveStreams({ perUser: 10, perProcess: 100 })
    const subscriptions: Promise<unknown>[] = []
    const subscribing = (send: SendEvent) => {
      const subscription = relay(hub, 'k')(send)
      subscriptions.push(subscription)
      return subscription
    }
    const readers = ['u1', 'u1', 'u2'].map((user) => streams.open(user, subscribing, 1000).getReader())
    await Promise.all(subscriptions)
    expect(hub.watching).toBe(3)
    streams.endAll()
    for (const reader of readers) {
      const text = await readUntil(reader, () => false)
      const [, retry] = /retry: (\d+)\nevent: end\ndata: \{"reason":"shutting-down"\}\n\n$/.exec(text) ?? []
      expect(Number(retry)).toBeWithin(1000, 5000)
    }
    expect(hub.watching).toBe(0)
    expect(() => streams.open('u3', relay(hub, 'k'), 1000)).toThrow(expect.objectContaining({ status: 503, code: 'SHUTTING_DOWN' }))
  })
})
