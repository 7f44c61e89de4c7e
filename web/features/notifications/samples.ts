import { msg } from '@lingui/core/macro'
import type { TestNotification } from './api/send-test'

/** The test messages of 001 §9: a buyer's order news with its 30-minute estimate, and a runner's offer 0.5 miles away. */
export const SAMPLE_NOTIFICATIONS = {
  order: { title: 'Your order is on its way', body: 'Your runner picked up your groceries. Estimated delivery in 30 minutes.' },
  runner: { title: 'New order nearby', body: 'A delivery opportunity 0.5 miles away. Open the runner dashboard to accept it.' },
} satisfies Record<string, TestNotification>

/**
 * What 'Send Test' sends: a message that says it is a test, since it stays in the person's list
 * beside the real ones (a sample order update there would read as news of a real order). It is
 * written in the language on screen when it is sent, as the server writes its own notices.
 */
export const TEST_NOTIFICATION = {
  title: msg`Test notification`,
  body: msg`Notifications work on this device. This is only a test: no order changed.`,
}
