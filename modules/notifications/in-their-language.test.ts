import { describe, expect, test } from 'bun:test'
import { notifiedApi } from '../../testing/notified-api'
import { scriptsOf } from '../../testing/scripts'
import type { NotificationsPage } from './contract'

const { api, handed, dispatch, store, acceptedOrder } = await notifiedApi()
const { call, clock, completeAccount, placeOrder } = api
const STORE = 'Notify Test Store'

const inbox = async (cookie: string) => ((await call('GET', '/api/notifications', { cookie })).body as unknown as NotificationsPage).notifications
const readIn = async (cookie: string, language: string) => expect((await call('PATCH', '/api/user/profile', { cookie, body: { language } })).status).toBe(200)
/** The scripts of a notice's own words: its title and body without the store's name and the people's. */
const scriptsOfNotice = (note: { title: string; body: string }) => scriptsOf(`${note.title} ${note.body}`.replaceAll(STORE, ''))
/** A buyer and a runner, each reading their own language, and the buyer's order at the test store. */
async function orderBetween(buyerIs: { firstName: string; language: string }, runnerIs: { firstName: string; language: string }) {
  const buyer = await completeAccount({ firstName: buyerIs.firstName })
  await readIn(buyer.cookie, buyerIs.language)
  const runner = await completeAccount({ roles: ['runner'], firstName: runnerIs.firstName })
  await readIn(runner.cookie, runnerIs.language)
  return { buyer, runner, order: await placeOrder(buyer.cookie, store) }
}

describe('notices in the reader’s language', () => {
  test('a Hindi buyer is told in Devanagari and a Tamil runner in Tamil script, in the list and in the push', async () => {
    const { buyer, runner, order } = await orderBetween({ firstName: 'Meera', language: 'hi' }, { firstName: 'Vikram', language: 'ta' })
    handed.length = 0
    await dispatch()

    const offer = (await inbox(runner.cookie)).find((note) => note.data.orderId === order.id)!
    expect(offer).toMatchObject({ title: `உங்கள் அருகில் புதிய ஆர்டர்: ${STORE}`, data: { type: 'new_order_nearby' } })
    expect(scriptsOfNotice(offer)).toEqual(new Set(['Tamil', 'Latin']))
    expect(offer.body).toContain('$7.00')
    expect(handed.find((push) => push.userId === runner.user.id)!.message.title).toBe(offer.title)

    await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    await dispatch()
    const accepted = (await inbox(buyer.cookie)).find((note) => note.data.type === 'order_accepted')!
    expect(accepted.title).toBe('Vikram आपका सामान ख़रीद रहे हैं')
    expect(scriptsOfNotice(accepted)).toEqual(new Set(['Devanagari', 'Latin']))
  })

  test('one order between a Gujarati buyer and a Tamil runner tells each in their own; the chat itself is never translated', async () => {
    const { buyer, runner, order } = await orderBetween({ firstName: 'Hetal', language: 'gu' }, { firstName: 'Karthik', language: 'ta' })
    await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
    await dispatch()
    clock.advance(1000)
    await call('POST', `/api/orders/${order.id}/messages`, { cookie: runner.cookie, body: { message: 'Toor dal is out, moong ok?' } })
    await dispatch()
    clock.advance(1000)
    await call('POST', `/api/orders/${order.id}/messages`, { cookie: buyer.cookie, body: { message: 'હા, મગની દાળ ચાલશે' } })
    await dispatch()

    const toBuyer = (await inbox(buyer.cookie)).filter((note) => note.data.orderId === order.id)
    expect(toBuyer.map((note) => note.data.type)).toEqual(['order_message', 'order_accepted'])
    expect(toBuyer[0]).toMatchObject({ title: `Karthik, ${STORE} ના ઓર્ડર વિશે`, body: 'Toor dal is out, moong ok?' })
    expect(scriptsOfNotice(toBuyer[1]!)).toEqual(new Set(['Gujarati', 'Latin']))

    const toRunner = (await inbox(runner.cookie)).filter((note) => note.data.orderId === order.id)
    expect(toRunner.map((note) => note.data.type)).toEqual(['order_message', 'new_order_nearby'])
    expect(toRunner[0]).toMatchObject({ title: `Hetal, ${STORE} ஆர்டர் பற்றி`, body: 'હા, મગની દાળ ચાલશે' })
    expect(scriptsOfNotice(toRunner[1]!)).toEqual(new Set(['Tamil', 'Latin']))
  })

  test('the language is read when a notice is sent: a buyer who switches mid-order hears the next one in the new language, and English stays English', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    await readIn(buyer.cookie, 'bn')
    await call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: runner.cookie,
      body: { status: 'picked_up', itemCompletionData: order.items.map((item) => ({ id: item.id, isDelivered: true })) },
    })
    await dispatch()
    const notes = (await inbox(buyer.cookie)).filter((note) => note.data.orderId === order.id)
    expect(notes.map((note) => note.title)).toEqual(['আপনার বাজার পথে আছে', 'Vikram is shopping your order'])
    expect(notes[0]!.body).toBe(`Vikram ${STORE} থেকে আপনার অর্ডার নিয়ে আপনার কাছে আসছেন।`)
  })

  test("a password-reset push to a Telugu runner's phone is in Telugu, and nothing of it is kept in the list", async () => {
    const runner = await completeAccount({ roles: ['runner'] })
    await readIn(runner.cookie, 'te')
    await call('POST', '/api/user/fcm-token', { cookie: runner.cookie, body: { fcmToken: 'telugu-phone' } })
    handed.length = 0
    expect((await call('POST', '/api/password-reset/request', { body: { emailOrPhone: runner.input.email } })).status).toBe(200)
    expect(handed).toEqual([
      expect.objectContaining({
        userId: runner.user.id,
        message: expect.objectContaining({
          title: 'మీ Kirana పాస్‌వర్డ్ మార్చండి',
          body: 'కొత్త పాస్‌వర్డ్ ఎంచుకోవడానికి నొక్కండి. లింక్ 30 నిమిషాలు పనిచేస్తుంది.',
          data: expect.objectContaining({ type: 'password_reset' }),
        }),
      }),
    ])
    expect(await inbox(runner.cookie)).toEqual([])
  })
})
