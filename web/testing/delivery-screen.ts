import { fireEvent, screen, within } from '@testing-library/react'
import type { Order } from '../../modules/orders/contract'
import { ActiveDeliveryPage } from '../routes/active-delivery'
import { fakeApi } from './fake-api'
import { anAcceptedOrder, aRunner } from './order-fixtures'
import { renderScreen } from './render-screen'

/** The runner's accepted order the delivery screen tests open, and its API path. */
export const order = anAcceptedOrder()
export const orderPath = `/api/orders/${order.id}`

/** The server of one delivery: the order as it stands, and status updates applied to it like the API does. */
export function deliveryServer(current: Order = order, { refuse }: { refuse?: [number, unknown] } = {}) {
  let stored = current
  return fakeApi({
    [`GET ${orderPath}`]: () => [200, { order: stored }],
    [`PATCH ${orderPath}/status`]: ({ body }) => {
      if (refuse) return refuse
      if (body.status === 'picked_up') {
        const found = new Map((body.itemCompletionData as { id: string; isDelivered: boolean }[]).map((line) => [line.id, line.isDelivered]))
        stored = {
          ...stored,
          status: 'picked_up',
          pickedUpAt: '2026-01-05T10:30:00.000Z',
          actualGroceryCost: body.actualGroceryCost ?? null,
          items: stored.items.map((item) => ({ ...item, isDelivered: found.get(item.id)! })),
        }
      } else stored = { ...stored, status: 'delivered', deliveredAt: '2026-01-05T10:50:00.000Z' }
      return [200, { order: stored }]
    },
  })
}

export async function openDelivery(id = order.id) {
  const rendered = renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${id}`, user: aRunner() })
  await screen.findByRole('heading', { level: 1, name: 'Active Delivery' })
  return rendered
}

/** The delivery open at its shopping list, the runner still at the store. */
export async function openShopping() {
  await openDelivery()
  await screen.findByText('Time to shop')
}

export const line = (name: string) => screen.getByText(name, { selector: '.shopping-line__name' }).closest('li')!
export const tick = (name: string) => fireEvent.click(within(line(name)).getByRole('checkbox'))
export const pickUp = () => fireEvent.click(screen.getByRole('button', { name: 'MARK AS PICKED UP' }))
