import { screen } from '@testing-library/react'
import type { Order } from '../../modules/orders/contract'
import { OrderTrackingPage } from '../routes/order-tracking'
import { fakeApi } from './fake-api'
import { aBuyer } from './fixtures'
import { manualClock } from './manual-clock'
import { anOrder } from './order-fixtures'
import { renderScreen } from './render-screen'

/** The buyer's tracking screen of `order`, answered by a fake API (with `handlers` beside it), once its status has shown. */
export async function openTracking(order: Order, clock = manualClock(Date.parse(anOrder().createdAt)), handlers: Parameters<typeof fakeApi>[0] = {}) {
  const server = fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }], ...handlers })
  renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer(), clock })
  await screen.findByRole('heading', { level: 1, name: 'Track Order' })
  await screen.findByRole('region', { name: 'Order status' })
  return { server, clock }
}
