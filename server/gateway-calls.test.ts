import { expect, test } from 'bun:test'
import { type PaymentGateway, paymentErrors } from '../modules/payments/index'
import { countedGateway, gatewayCallCounters } from './gateway-calls'

test("each call of the gateway is counted by method, and each failure by its error's name, still reaching the caller", async () => {
  const counters = gatewayCallCounters()
  let down = false
  const inner = {
    kind: 'stripe',
    publishableKey: 'pk_test',
    async retrieveIntent(id: string) {
      if (down) throw new paymentErrors.GatewayUnavailableError('Stripe is unavailable')
      return { id }
    },
    async transfer() {
      throw new paymentErrors.TransferRefusedError('balance_insufficient', 'The platform balance cannot cover this transfer.')
    },
  } as unknown as PaymentGateway
  const gateway = countedGateway(inner, counters)
  expect(await gateway.retrieveIntent('pi_1')).toEqual({ id: 'pi_1' } as never)
  down = true
  await expect(gateway.retrieveIntent('pi_2')).rejects.toBeInstanceOf(paymentErrors.GatewayUnavailableError)
  await expect(gateway.transfer({} as never)).rejects.toBeInstanceOf(paymentErrors.TransferRefusedError)
  expect(gateway.kind).toBe('stripe')
  expect(gateway.publishableKey).toBe('pk_test')

  const calls = (await counters.calls.get()).values.map(({ labels, value }) => [labels.method, value])
  expect(calls).toEqual([
    ['retrieveIntent', 2],
    ['transfer', 1],
  ])
  const errors = (await counters.errors.get()).values.map(({ labels, value }) => [labels.gateway, labels.method, labels.error, value])
  expect(errors).toEqual([
    ['stripe', 'retrieveIntent', 'GatewayUnavailableError', 1],
    ['stripe', 'transfer', 'TransferRefusedError', 1],
  ])
})
