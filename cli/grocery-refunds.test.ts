import { describe, expect, test } from 'bun:test'
import { cardOrders } from '../testing/card-orders'
import { preparedDatabase, runCli } from '../testing/cli'

// Refunds of the grocery charge from support's side: `orders refund --part groceries` and
// `orders resolve --refund groceries:<dollars>`, from the runner or borne by the platform, then
// the payout run and `orders check`. Made through the API on the file's test database, then read and changed by the CLI.
const made = { fromRunner: '', platform: '', disputed: '', atDoor: '', waiting: '', extra: '' }

const database = preparedDatabase(async (api) => {
  // The CLI's clock is the real one: the groceries lines are available by it.
  api.clock.set(new Date())
  const store = await api.addStore({ name: 'CLI Grocery Refund Store', latitude: 40.52, longitude: -74.3973 })
  const orders = cardOrders(api, store)
  const runner = await api.runnerWithPayouts()
  made.fromRunner = (await orders.capturedCardOrder('38.20', runner)).order.id
  made.platform = (await orders.capturedCardOrder('20.00', runner)).order.id
  const disputed = await orders.capturedCardOrder('30.00', runner)
  const reported = await api.call('POST', `/api/orders/${disputed.order.id}/problems`, {
    cookie: disputed.buyer.cookie,
    body: { kind: 'grocery_total', details: 'Charged for rice I did not get' },
  })
  made.disputed = (reported.body.problem as { id: string }).id
  made.atDoor = (await api.deliveredOrder(store, { actualGroceryCost: '15.00' })).order.id
  made.waiting = (await orders.pickedUpCardOrder('25.00', runner)).order.id
  // $52.10 against the $45 hold: the $7.10 above it charged to the saved card.
  const above = await orders.deliveredCardOrder('52.10', runner)
  const confirmed = await api.call('POST', `/api/orders/${above.order.id}/grocery-total/confirm`, { cookie: above.buyer.cookie, body: { extra: 'card' } })
  expect(confirmed.status).toBe(200)
  made.extra = above.order.id
})

const cli = (...args: string[]) => runCli(database, ['orders', ...args])

describe('refunds of the grocery charge from the CLI', () => {
  test('--part groceries --from-runner gives back from the grocery charge and says the runner bears it', async () => {
    const refunded = await cli('refund', made.fromRunner, '5.00', '--part', 'groceries', '--from-runner', '--reason', 'bruised mangoes')
    expect(refunded.code).toBe(0)
    expect(refunded.stdout).toContain('Before: the card was charged $38.20 for the groceries; $0.00 had been refunded.')
    expect(refunded.stdout).toContain('After: $5.00 of $38.20 refunded; $33.20 left.')
    expect(refunded.stdout).toContain('The runner bears it: their groceries line is lowered, or its transfer reversed if paid.')
    const platform = JSON.parse((await cli('refund', made.platform, 'all', '--part', 'groceries', '--reason', 'wrong store', '--json')).stdout)
    expect(platform).toMatchObject({ part: 'groceries', fromRunner: false, amountCents: 2000, refundedCents: 2000 })
  })

  test('refused past what is left of the grocery charge, without a card grocery charge, and --from-runner off the groceries', async () => {
    const tooMuch = await cli('refund', made.fromRunner, '40', '--part', 'groceries', '--reason', 'x')
    expect(tooMuch.code).toBe(1)
    expect(tooMuch.stderr.trim()).toBe("Not refunded: Only $33.20 of this order's grocery charge is left to refund.")
    for (const order of [made.atDoor, made.waiting]) {
      const none = await cli('refund', order, '1', '--part', 'groceries', '--reason', 'x')
      expect(none.code).toBe(1)
      expect(none.stderr.trim()).toBe(
        "Not refunded: This order's groceries were not charged to the card (paid at the door, or their hold not captured), so there is nothing of them to refund.",
      )
    }
    const offGroceries = await cli('refund', made.fromRunner, '1', '--from-runner', '--reason', 'x')
    expect(offGroceries.code).toBe(1)
    expect(offGroceries.stderr.trim()).toBe(
      'Not refunded: A refund of the fee and tip cannot come from the runner: their earnings on the order follow every refund of it already. To take a refund from the runner, refund from the groceries.',
    )
    expect((await cli('refund', made.fromRunner, '1', '--part', 'tip', '--reason', 'x')).stderr).toContain(
      '--part takes charge, groceries or extra (got "tip")',
    )
  })

  test('resolve --refund groceries:<dollars> --from-runner, then the payout run; orders check agrees throughout', async () => {
    const resolved = await cli('resolve', made.disputed, '--note', 'Refunded the rice', '--refund', 'groceries:2.50', '--from-runner')
    expect(resolved.code).toBe(0)
    expect(resolved.stdout).toContain('This refund: $2.50 under key problem:')
    expect(resolved.stdout).toContain('The runner bears it')
    expect((await cli('check')).code).toBe(0)
    const run = await runCli(database, ['payouts', 'run', '--json'])
    expect(run.code).toBe(0)
    // $38.20 less $5.00 from the runner, $20.00 kept whole (the platform bore its refund), $30.00 less $2.50, $45.00 and $7.10 above it.
    expect(JSON.parse(run.stdout)).toMatchObject({ transferred: 4, amountCents: 3320 + 2000 + 2750 + 5210 })
    const check = await cli('check')
    expect(check.code).toBe(0)
    expect(check.stdout).toContain('0 grocery holds disagree with the gateway')
  })
  test("orders show prints the groceries' payment: the hold, its capture, its refunds and who bore them, what is collected at the door, and the hold's events", async () => {
    const shown = JSON.parse((await cli('show', made.fromRunner, '--json')).stdout)
    expect(shown.order.groceryPayment).toMatchObject({ method: 'card', holdCents: 4500, capturedCents: 3820, refundedCents: 500, collectAtDoorCents: 0 })
    expect(shown.groceries).toMatchObject({
      gatewayStatus: 'succeeded',
      extraIntentId: null,
      refunds: [{ amount: '5.00', status: 'succeeded', borneBy: 'runner' }],
    })
    const intentId = shown.groceries.intentId as string
    expect(shown.groceries.events.map((event: { intentId: string; to: string }) => [event.intentId, event.to])).toEqual([
      [intentId, 'requires_payment_method'],
      [intentId, 'authorized'],
      [intentId, 'captured'],
      [intentId, 'partially_refunded'],
    ])
    const text = (await cli('show', made.fromRunner)).stdout
    expect(text).toContain('  groceries  by card: $38.20 of the $45.00 hold was captured, and part of it refunded; nothing to collect at the door')
    expect(text).toContain(`    hold     ${intentId}: gateway succeeded`)
    expect(text).toMatch(/ {4}\S.* authorized -> captured {2}\(grocery hold: captured when the buyer confirmed the grocery total\)/)
    expect(text).toContain('    refunds  $5.00 of the $38.20 charged for them given back')
    expect(text).toMatch(/ {6}\S.* UTC {2}\$5\.00 {2}groceries {2}succeeded {2}borne by the runner {2}\S+ {2}\(bruised mangoes\)/)
    expect(shown.order.refunds).toMatchObject([{ amount: '5.00', part: 'groceries', reason: 'bruised mangoes' }])
    expect((await cli('show', made.platform)).stdout).toContain('borne by the platform')
    const extra = JSON.parse((await cli('show', made.extra, '--json')).stdout).groceries
    const extraText = (await cli('show', made.extra)).stdout
    expect(extraText).toContain(
      '  groceries  by card: the $45.00 hold was captured whole, and $7.10 above it was charged to the card; nothing to collect at the door',
    )
    expect(extraText).toContain(`    extra    ${extra.extraIntentId}: gateway succeeded`)
    expect(extraText).toMatch(/ -> captured {2}\(grocery extra of \$7\.10: charged when the buyer confirmed the grocery total\) {2}extra$/m)
    expect((await cli('show', made.waiting)).stdout).toContain(
      '  groceries  by card: the $45.00 hold is authorized, not captured yet; nothing to collect at the door',
    )
    const atDoor = await cli('show', made.atDoor)
    expect(atDoor.stdout).toContain('  groceries  paid at the door: the runner collects $15.00 at the door')
    expect(JSON.parse((await cli('show', made.atDoor, '--json')).stdout).groceries).toBeNull()
  })

  test("orders list's Payment column says what the card paid for the groceries beside the fee and tip, and when each order was placed, in UTC", async () => {
    const { stdout } = await cli('list')
    const rowOf = (orderId: string) => stdout.split('\n').find((line) => line.includes(orderId))!
    expect(rowOf(made.fromRunner)).toMatch(
      /^\w{8} {2}\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC {2}delivered {2}Charged \$7\.00; groceries charged \$38\.20, \$5\.00 refunded /,
    )
    expect(rowOf(made.waiting)).toContain('Charged $7.00; groceries held $45.00 ')
    expect(rowOf(made.atDoor)).toMatch(/Charged \$7\.00 +CLI Grocery Refund Store/)
  })

  test('--part extra gives back the charge above the grocery hold, borne by the platform; orders check agrees after', async () => {
    const refunded = await cli('refund', made.extra, 'all', '--part', 'extra', '--reason', 'overcharged for the rice')
    expect(refunded.code).toBe(0)
    expect(refunded.stdout).toContain('Before: the card was charged $7.10 above the grocery hold; $0.00 had been refunded.')
    expect(refunded.stdout).toContain('After: $7.10 of $7.10 refunded; $0.00 left.')
    expect(refunded.stdout).toContain('The platform bears it: the runner keeps their groceries line.')
    expect(JSON.parse((await cli('show', made.extra, '--json')).stdout).order.groceryPayment).toMatchObject({ capturedCents: 4500, refundedCents: 710 })
    const shownExtra = (await cli('show', made.extra)).stdout
    expect(shownExtra).toContain('    refunds  $7.10 of the $52.10 charged for them given back')
    expect(shownExtra).toMatch(/ {2}\$7\.10 {2}extra grocery charge {2}succeeded {2}borne by the platform {2}\S+ {2}\(overcharged for the rice\)/)
    expect((await cli('refund', made.extra, 'all', '--part', 'extra', '--reason', 'again')).stderr.trim()).toBe(
      "Not refunded: all $7.10 of this order's charge above the grocery hold has come back already.",
    )
    expect((await cli('refund', made.extra, '1', '--part', 'extra', '--reason', 'again')).stderr.trim()).toBe(
      "Not refunded: Only $0.00 of this order's charge above the grocery hold is left to refund.",
    )
    const none = await cli('refund', made.fromRunner, '1', '--part', 'extra', '--reason', 'x')
    expect(none.code).toBe(1)
    expect(none.stderr.trim()).toBe("Not refunded: No charge above this order's grocery hold was made to the card, so there is none to refund.")
    const fromRunner = await cli('refund', made.extra, '1', '--part', 'extra', '--from-runner', '--reason', 'x')
    expect(fromRunner.code).toBe(1)
    expect(fromRunner.stderr.trim()).toBe(
      "Not refunded: The charge above the grocery hold is the platform's to give back: the runner was paid what the card was charged. To take a refund from the runner, refund from the groceries.",
    )
    const check = await cli('check')
    expect(check.code).toBe(0)
    expect(check.stdout).toContain('0 grocery holds disagree with the gateway')
  })
})
