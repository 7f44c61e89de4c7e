import { Counter } from 'prom-client'
import type { PaymentGateway } from '../modules/payments/index'

/** The payment gateway's calls, failures and rate limiting, counted for the operator's figures; registered by the app that serves them. */
export function gatewayCallCounters() {
  return {
    calls: new Counter({
      name: 'kirana_gateway_calls_total',
      help: 'Calls to the payment gateway, by gateway and method',
      labelNames: ['gateway', 'method'],
      registers: [],
    }),
    errors: new Counter({
      name: 'kirana_gateway_errors_total',
      help: 'Calls to the payment gateway that failed, by gateway, method and error (a decline or refusal is an answer, counted by its name)',
      labelNames: ['gateway', 'method', 'error'],
      registers: [],
    }),
    rateLimited: new Counter({
      name: 'kirana_gateway_rate_limited_total',
      help: "The gateway's 429s: requests it turned away for their rate, each waited out and sent again",
      labelNames: ['gateway'],
      registers: [],
    }),
  }
}

export type GatewayCalls = ReturnType<typeof gatewayCallCounters>

/** The gateway with each of its methods counted as it is called, and again when it fails; everything else about it as it was. */
export function countedGateway<T extends PaymentGateway>(gateway: T, counters: GatewayCalls): T {
  const counted = new Map<PropertyKey, unknown>()
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value !== 'function' || typeof property !== 'string') return value
      if (!counted.has(property)) {
        const labels = { gateway: target.kind, method: property }
        const failed = (error: unknown) => counters.errors.inc({ ...labels, error: error instanceof Error ? error.name : 'unknown' })
        counted.set(property, (...args: unknown[]) => {
          counters.calls.inc(labels)
          try {
            const answer = value.apply(target, args)
            // A promise's failure is counted as it settles, and still reaches the caller.
            if (answer instanceof Promise) answer.catch(failed)
            return answer
          } catch (error) {
            failed(error)
            throw error
          }
        })
      }
      return counted.get(property)
    },
  })
}
