import { describe, expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import type { Order } from '../../../../modules/orders/contract'
import { orderQueryOptions } from './orders'

const at = (updatedAt: string, receipt: Order['receipt']) => ({ id: 'o-1', status: 'runner_accepted', updatedAt, receipt }) as Order
const RECEIPT = { url: '/api/orders/o-1/receipt', uploadedAt: '2025-05-01T10:05:00.000Z' }

describe('an order in the cache', () => {
  test('a fetch that set out before the stream brought a change does not take the change back', async () => {
    const client = new QueryClient()
    const options = orderQueryOptions('o-1')
    let answer!: (order: Order) => void
    const polling = client.fetchQuery({ ...options, queryFn: () => new Promise<Order>((resolve) => (answer = resolve)) })
    // Meanwhile the runner adds the receipt, and the stream brings the order with it.
    client.setQueryData(options.queryKey, at('2025-05-01T10:05:00.000Z', RECEIPT))
    answer(at('2025-05-01T10:00:00.000Z', null))
    await polling
    expect(client.getQueryData(options.queryKey)?.receipt).toEqual(RECEIPT)
  })

  test('a later copy, from either, replaces it', async () => {
    const client = new QueryClient()
    const options = orderQueryOptions('o-1')
    client.setQueryData(options.queryKey, at('2025-05-01T10:00:00.000Z', null))
    await client.fetchQuery({ ...options, staleTime: 0, queryFn: async () => at('2025-05-01T10:05:00.000Z', RECEIPT) })
    expect(client.getQueryData(options.queryKey)?.receipt).toEqual(RECEIPT)
    client.setQueryData(options.queryKey, at('2025-05-01T10:06:00.000Z', null))
    expect(client.getQueryData(options.queryKey)?.receipt).toBeNull()
  })
})
