import type { Clock } from '../shared/index'

/** Sends a text message to an E.164 number; throws SmsDeliveryError when it cannot. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError'
}

export type SentSms = { to: string; body: string; sentAt: Date }

const OUTBOX_SIZE = 100
/** Toll-free numbers: a carrier will not deliver a text to them. */
const TOLL_FREE = /^\+1(800|833|844|855|866|877|888)/
/** 555 numbers other than the fictional 555-0100…0199 go to directory services, never to a phone. */
const NOT_A_PHONE = /^\+1\d{3}555(?!01\d\d)\d{4}$/

/**
 * The embedded sender: no carrier, so the message goes to the server log, where a developer
 * reads the code (in production the log names the number only). It fails the way a carrier
 * does, for numbers no text can reach, which is how the fallback is tried without one. It
 * keeps the latest messages for inspection.
 */
export function embeddedSmsSender({ clock, production = false, log = console.log }: { clock: Clock; production?: boolean; log?: (line: string) => void }) {
  const outbox: SentSms[] = []
  return {
    outbox: outbox as readonly SentSms[],
    async send(to: string, body: string) {
      if (TOLL_FREE.test(to) || NOT_A_PHONE.test(to)) throw new SmsDeliveryError(`${to} cannot receive text messages`)
      outbox.push({ to, body, sentAt: clock.now() })
      if (outbox.length > OUTBOX_SIZE) outbox.shift()
      log(production ? `[sms] to ${to} (text withheld in production)` : `[sms] to ${to}: ${body}`)
    },
  } satisfies SmsSender & { outbox: readonly SentSms[] }
}
