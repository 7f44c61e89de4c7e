import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { fetchOrder } from '../features/orders/api/orders'
import { fakeApi, restoreFetch } from '../testing/fake-api'
import { anOrder } from '../testing/order-fixtures'
import { ApiError, UNEXPECTED_ANSWER_MESSAGE, UnexpectedAnswerError } from './http'

let consoleError: ReturnType<typeof spyOn>
beforeEach(() => {
  consoleError = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  consoleError.mockRestore()
  restoreFetch()
})

describe('answers are read through the contract', () => {
  test('an answer that matches comes back as the schema reads it', async () => {
    fakeApi({ 'GET /api/orders/order-1': () => [200, { order: anOrder({ id: 'order-1' }) }] })
    expect(await fetchOrder('order-1')).toEqual(anOrder({ id: 'order-1' }))
  })

  test('a field renamed on the server is refused, naming the field, with a message a person can act on', async () => {
    const { status, ...rest } = anOrder({ id: 'order-1' })
    fakeApi({ 'GET /api/orders/order-1': () => [200, { order: { ...rest, state: status } }] })
    const refused = await fetchOrder('order-1').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UnexpectedAnswerError)
    const error = refused as UnexpectedAnswerError
    expect(error.message).toBe(UNEXPECTED_ANSWER_MESSAGE)
    expect(error.request).toBe('GET /api/orders/order-1')
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(['order.status'])
    expect(consoleError).toHaveBeenCalled()
  })

  test('an OK answer that is not JSON is refused the same way', async () => {
    fakeApi({ 'GET /api/orders/order-1': () => new Response('<html>captive portal</html>', { status: 200 }) })
    await expect(fetchOrder('order-1')).rejects.toBeInstanceOf(UnexpectedAnswerError)
  })

  test('a refusal is still the server’s error, not a contract failure', async () => {
    fakeApi({ 'GET /api/orders/order-1': () => [404, { message: 'Order not found' }] })
    const refused = await fetchOrder('order-1').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).userMessage).toBe('Order not found')
  })
})
