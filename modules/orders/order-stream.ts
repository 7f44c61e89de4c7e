import type { Database, Listen } from '../../db/database'
import type { PayoutTerms } from '../payouts/index'
import { type ChannelHub, type Clock, channelHub, describeForLog } from '../shared/index'
import type { Order } from './contract'
import { mayView, type Viewer } from './order-access'
import { findOrder } from './order-queries'
import { type OrderViewContext, orderViewContext, toOrderView } from './order-view'
import { ORDER_CHANGED_CHANNEL, type OrderRow } from './transitions'

/** Streams of orders in this process, woken by any instance's change (the payload is the order id). */
export const orderChangeHub = (listen: Listen) => channelHub(listen, ORDER_CHANGED_CHANNEL, (orderId) => orderId)

export type OrderChangeHub = ChannelHub

/**
 * The order's chat as its live stream carries it, handed in at composition by conversation, which
 * builds on orders (so orders never imports it). `follow` sends each new message the user may
 * read, in the order heard, and resolves to what stops it.
 */
export interface OrderChatStream {
  follow(orderId: string, userId: string, send: (message: object) => void): Promise<() => void>
}

/** What every view of an order is made from: its row, the people on it and their ratings. */
export type OrderSnapshot = { row: OrderRow; context: OrderViewContext }

export type ReadOrderSnapshot = (orderId: string) => Promise<OrderSnapshot | null>

export const readOrderSnapshot =
  (db: Database, clock: Clock, terms: PayoutTerms): ReadOrderSnapshot =>
  async (orderId) => {
    const row = await findOrder(db, orderId)
    if (!row) return null
    return { row, context: await orderViewContext(db, clock, [row], terms) }
  }

type SignedInViewer = Exclude<Viewer, 'support'>
/** Streams written to between two turns of the event loop. */
const DELIVER_AT_ONCE = 25
type Follower = { viewer: SignedInViewer; send: (view: Order) => void }
type Room = { followers: Set<Follower>; newcomers: Set<Follower>; changed: boolean; reading: boolean; watching: Promise<() => void> }

/** What of an order a viewer sees depends on who they are and their roles (mayView, toOrderView), and on nothing else. */
const viewerKey = (viewer: SignedInViewer) => `${viewer.id}|${[...viewer.roles].sort().join(',')}`

/**
 * Everyone following orders live in this process. Each order is read once per change, however many
 * streams follow it, and each distinct viewer's view is made once from that read: a buyer's view
 * never reaches the runner, nor the other way round. Changes that arrive during a read, or while
 * its view is still being written out, are folded into one more read that everyone is sent; a new
 * follower's first view comes from a read that starts after it joined, so it is never older than
 * what the others were sent.
 */
export function orderFollowers(hub: OrderChangeHub, read: ReadOrderSnapshot) {
  const rooms = new Map<string, Room>()

  const deliver = async (room: Room, { row, context }: OrderSnapshot, recipients: readonly Follower[]) => {
    const views = new Map<string, Order | null>()
    for (const [index, follower] of recipients.entries()) {
      if (index > 0 && index % DELIVER_AT_ONCE === 0) {
        // The event loop's turn between a few dozen streams: the request that made the change answers first.
        await new Promise((resume) => setImmediate(resume))
        // A newer change is read for everyone next: those not yet reached skip straight to it.
        if (room.changed) return
      }
      if (!room.followers.has(follower)) continue
      const key = viewerKey(follower.viewer)
      if (!views.has(key)) views.set(key, mayView(row, follower.viewer) ? toOrderView(row, follower.viewer, context) : null)
      const view = views.get(key)
      if (view) follower.send(view)
    }
  }

  const pump = async (orderId: string, room: Room) => {
    if (room.reading) return
    room.reading = true
    while (room.changed || room.newcomers.size > 0) {
      const recipients = [...(room.changed ? room.followers : room.newcomers)]
      room.changed = false
      room.newcomers.clear()
      try {
        const snapshot = await read(orderId)
        if (snapshot) await deliver(room, snapshot, recipients)
      } catch (error) {
        console.error(`Order stream ${orderId}: ${describeForLog(error, { frames: false })}`)
      }
    }
    room.reading = false
  }

  return {
    /** Sends `viewer` the order now and after every change, until the returned function is called. */
    async follow(orderId: string, viewer: SignedInViewer, send: (view: Order) => void): Promise<() => void> {
      let joined = rooms.get(orderId)
      if (!joined) {
        const created: Room = { followers: new Set(), newcomers: new Set(), changed: false, reading: false, watching: Promise.resolve(() => {}) }
        created.watching = hub.watch(orderId, () => {
          created.changed = true
          void pump(orderId, created)
        })
        rooms.set(orderId, created)
        joined = created
      }
      const room = joined
      const follower: Follower = { viewer: { id: viewer.id, roles: [...viewer.roles] }, send }
      const leave = () => {
        room.followers.delete(follower)
        room.newcomers.delete(follower)
        if (room.followers.size > 0 || rooms.get(orderId) !== room) return
        rooms.delete(orderId)
        void room.watching.then((unwatch) => unwatch()).catch(() => {})
      }
      room.followers.add(follower)
      try {
        // Listening before the first read, so no change between the two is missed.
        await room.watching
      } catch (error) {
        leave()
        throw error
      }
      room.newcomers.add(follower)
      void pump(orderId, room)
      return leave
    },
    /** How many orders are followed, for the benchmarks and tests. */
    get orders() {
      return rooms.size
    },
  }
}

export type OrderFollowers = ReturnType<typeof orderFollowers>
