import { describe, expect, test } from 'bun:test'
import type { OrderRow } from '../orders/index'
import { newOrderNearby } from './messages'

describe('message words', () => {
  test("a runner's new-order push counts the items as every screen does: lines, then units when they differ", () => {
    const order = { storeName: 'Patel Family Grocers', totalCents: 700, items: [{ quantity: 2 }, { quantity: 1 }] } as OrderRow
    expect(newOrderNearby(order, 1.24).body).toStartWith('2 items (3 units), 1.2 mi away.')
    expect(newOrderNearby({ ...order, items: [{ quantity: 1 }] } as OrderRow, 3).body).toStartWith('1 item, 3.0 mi away.')
  })
})
