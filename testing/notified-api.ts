import { dispatchOrderEvents, type PushSender } from '../modules/notifications/index'
import { testApi } from './test-api'

const EDISON = { latitude: 40.5171, longitude: -74.3973 }

/**
 * The whole API, its embedded push sender remembering what it was handed (who was pushed what), a store
 * near Edison to order from, and the dispatch of the orders' events.
 */
export async function notifiedApi() {
  const { handed, wrapPush } = pushRecorder()
  const api = await testApi({ wrapPush })
  const dispatch = () => dispatchOrderEvents({ db: api.db, clock: api.clock, push: api.providers.push })
  const store = await api.addStore({ name: 'Notify Test Store', latitude: EDISON.latitude + 0.01, longitude: EDISON.longitude })
  /** A buyer's order that the runner Vikram has accepted, its notices sent, a second later. */
  async function acceptedOrder() {
    const buyer = await api.completeAccount()
    const runner = await api.completeAccount({ roles: ['runner'], firstName: 'Vikram' })
    const order = await api.placeOrder(buyer.cookie, store)
    await api.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    await dispatch()
    api.clock.advance(1000)
    return { buyer, runner, order }
  }
  return { api, handed, dispatch, store, acceptedOrder }
}

/** What the push sender was handed (who was pushed what), and the wrapper for testApi's `wrapPush` that records it. */
export function pushRecorder() {
  const handed: Parameters<PushSender['send']>[0][number][] = []
  const wrapPush = (sender: PushSender): PushSender => ({
    ...sender,
    async send(deliveries) {
      handed.push(...deliveries)
      return sender.send(deliveries)
    },
  })
  return { handed, wrapPush }
}
