import { describe, expect, test } from 'bun:test'
import type { OrderRow } from '../orders/index'
import { newOrderNearby, orderAccepted, orderDelivered } from './messages'
import { wordsIn } from './words'

const english = wordsIn('en')

describe('message words', () => {
  test("a runner's new-order push counts the items as every screen does: lines, then units when they differ", () => {
    const order = { storeName: 'Patel Family Grocers', totalCents: 700, items: [{ quantity: 2 }, { quantity: 1 }] } as OrderRow
    expect(newOrderNearby(english, order, 1.24).body).toStartWith('2 items (3 units), 1.2 mi away.')
    expect(newOrderNearby(english, { ...order, items: [{ quantity: 1 }] } as OrderRow, 3).body).toStartWith('1 item, 3.0 mi away.')
  })

  test("the buyer's accepted and delivered pushes follow the order's own grocery payment: the door, the card's hold, or what is left", () => {
    const order = { storeName: 'Patel Family Grocers', totalCents: 700 } as OrderRow
    const atDoor = { method: 'at_door', holdCents: 0, collectAtDoorCents: 0 } as const
    const byCard = { method: 'card', holdCents: 4500, collectAtDoorCents: 0 } as const
    expect(orderAccepted(english, order, 'Ravi', atDoor).body).toBe(
      'Ravi accepted your Patel Family Grocers order. Your card was charged $7.00 (fee and tip); pay for the groceries at the door.',
    )
    expect(orderAccepted(english, order, 'Ravi', byCard).body).toBe(
      "Ravi accepted your Patel Family Grocers order. Your card was charged $7.00 (fee and tip); the groceries are charged to your card at the receipt's total, within the $45.00 held.",
    )
    expect(orderDelivered(english, order, 'Ravi', atDoor).body).toBe(
      'Enjoy! If you have not yet, pay Ravi for the groceries: Cash, Zelle, Venmo, or Apple Pay.',
    )
    expect(orderDelivered(english, order, 'Ravi', byCard).body).toBe(
      "Enjoy! The groceries are paid by card in the app, at the receipt's total: nothing to pay at the door.",
    )
    expect(orderDelivered(english, order, 'Ravi', { ...byCard, collectAtDoorCents: 710 }).body).toBe(
      'Enjoy! If you have not yet, pay Ravi the $7.10 left for the groceries: Cash, Zelle, Venmo, or Apple Pay.',
    )
  })
})
