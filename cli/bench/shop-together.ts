import { jpegOfAbout } from '../../testing/photos'
import { benchPerson, inBatches, paidOrder } from './bench-data'
import { type BenchReport, kilobytes, milliseconds, percentile } from './report'
import { benchOnPostgresWithServer } from './scratch-postgres'
import type { ServerProcess } from './server-process'

const CHATS = 200
const UPLOADS = 20
const PHOTO_BYTES = 3 * 1024 * 1024

const STORE = { name: 'Bench Chat Store', address: '1 Bench Rd, Edison, NJ 08817', zipCode: '08817', latitude: 40.5171, longitude: -74.3973 }

type Chat = { orderId: string; buyer: { cookie: string }; runner: { cookie: string } }

/** Shopping together on PostgreSQL: a chat message from the runner's POST to the buyer's stream, and receipt uploads. */
export function shopTogether(): Promise<BenchReport[]> {
  return benchOnPostgresWithServer('Shopping together on PostgreSQL', STORE, async ({ handle, store, server }) => {
    const base = server.url
    const setupStarted = performance.now()
    const chats = await inBatches(CHATS, async (index): Promise<Chat> => {
      const buyer = await benchPerson(base, handle, index, ['buyer'], 700)
      const runner = await benchPerson(base, handle, index, ['runner'], 701)
      const orderId = await paidOrder(handle, buyer.id, store, `bench:chat:${index}`)
      const accepted = await fetch(`${base}/api/orders/${orderId}/accept`, { method: 'PATCH', headers: { cookie: runner.cookie } })
      if (!accepted.ok) throw new Error(`accept failed: ${accepted.status}`)
      return { orderId, buyer, runner }
    })
    const setupSeconds = (performance.now() - setupStarted) / 1000
    return [await messageRoundTrip(base, chats, setupSeconds), await receiptUploads(server, chats.slice(0, UPLOADS))]
  })
}

/** The buyer's open stream, resolving each time a `message` event arrives; ready once the order's first event came. */
async function openStream(base: string, chat: Chat) {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/orders/${chat.orderId}/events`, { headers: { cookie: chat.buyer.cookie }, signal: controller.signal })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const waiters: ((at: number) => void)[] = []
  const ready = (async () => {
    while (!text.includes('event: order')) text += decoder.decode((await reader.read()).value, { stream: true })
  })()
  void ready.then(async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      text += decoder.decode(value, { stream: true })
      while (text.includes('event: message')) {
        text = text.slice(text.indexOf('event: message') + 14)
        waiters.shift()?.(performance.now())
      }
    }
  })
  await ready
  return { next: () => new Promise<number>((resolve) => waiters.push(resolve)), close: () => controller.abort() }
}

/** With every chat's buyer following their order, each runner sends one message; how long until their buyer's stream has it. */
async function messageRoundTrip(base: string, chats: Chat[], setupSeconds: number): Promise<BenchReport> {
  const streams = await Promise.all(chats.map((chat) => openStream(base, chat)))
  const trips: number[] = []
  try {
    for (const [index, chat] of chats.entries()) {
      const heard = streams[index]!.next()
      const sent = performance.now()
      const posted = await fetch(`${base}/api/orders/${chat.orderId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: chat.runner.cookie },
        body: JSON.stringify({ message: `They have the 4 lb bag only, is that all right? (${index})` }),
      })
      if (posted.status !== 201) throw new Error(`message refused: ${posted.status}`)
      trips.push((await heard) - sent)
    }
  } finally {
    for (const stream of streams) stream.close()
  }
  trips.sort((a, b) => a - b)
  return {
    title: `Chat on PostgreSQL: a runner's message, from its POST to the buyer's stream, with ${CHATS} chats open (set up in ${setupSeconds.toFixed(0)} s)`,
    columns: ['messages', 'p50', 'p99', 'max'],
    rows: [[String(trips.length), milliseconds(percentile(trips, 0.5)), milliseconds(percentile(trips, 0.99)), milliseconds(Math.max(...trips))]],
  }
}

const receiptForm = (photo: Buffer) => {
  const form = new FormData()
  form.append('photo', new File([new Uint8Array(photo)], 'receipt.jpg', { type: 'image/jpeg' }))
  return form
}

/** A 3 MB receipt photo, one at a time, then twenty at once with the server's memory watched. */
async function receiptUploads(server: ServerProcess, chats: Chat[]): Promise<BenchReport> {
  const photo = await jpegOfAbout(PHOTO_BYTES)
  const upload = async (chat: Chat) => {
    const started = performance.now()
    const response = await fetch(`${server.url}/api/orders/${chat.orderId}/receipt`, {
      method: 'POST',
      headers: { cookie: chat.runner.cookie },
      body: receiptForm(photo),
    })
    if (response.status !== 201) throw new Error(`upload refused: ${response.status} ${await response.text()}`)
    return performance.now() - started
  }
  const oneAtATime: number[] = []
  for (const chat of chats) oneAtATime.push(await upload(chat))
  oneAtATime.sort((a, b) => a - b)

  const before = await server.residentBytes()
  let peak = before
  let watching = true
  const watcher = (async () => {
    while (watching) {
      peak = Math.max(peak, await server.residentBytes())
      await Bun.sleep(20)
    }
  })()
  const started = performance.now()
  await Promise.all(chats.map(upload))
  const allMs = performance.now() - started
  watching = false
  await watcher
  return {
    title: `Receipt photos on PostgreSQL: a ${kilobytes(photo.byteLength)} JPEG, checked by its bytes, stripped and stored`,
    columns: ['uploads', 'p50 one at a time', `${chats.length} at once`, 'server memory before', 'peak during', 'growth'],
    rows: [
      [
        String(oneAtATime.length),
        milliseconds(percentile(oneAtATime, 0.5)),
        milliseconds(allMs),
        `${(before / 2 ** 20).toFixed(0)} MB`,
        `${(peak / 2 ** 20).toFixed(0)} MB`,
        `${((peak - before) / 2 ** 20).toFixed(0)} MB`,
      ],
    ],
  }
}
