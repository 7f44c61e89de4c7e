/** Sends a text message to an E.164 number; throws SmsDeliveryError when it cannot. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError'
}

export type SentSms = { to: string; body: string; sentAt: Date }

const OUTBOX_SIZE = 100

/**
 * The embedded sender: no carrier, so the message goes to the server log, where a developer
 * (or support, on a preview) reads the code. It keeps the latest messages for inspection.
 */
export function embeddedSmsSender(log: (line: string) => void = console.log) {
  const outbox: SentSms[] = []
  return {
    outbox: outbox as readonly SentSms[],
    async send(to: string, body: string) {
      outbox.push({ to, body, sentAt: new Date() })
      if (outbox.length > OUTBOX_SIZE) outbox.shift()
      log(`[sms] to ${to}: ${body}`)
    },
  } satisfies SmsSender & { outbox: readonly SentSms[] }
}
