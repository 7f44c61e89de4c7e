import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { orderWithPayment } from '../../testing/order-with-payment'
import { jpegClaiming, jpegWithGps } from '../../testing/photos'
import { testApi } from '../../testing/test-api'
import { dispatchOrderEvents } from '../notifications/index'
import { problemDesk } from './index'

// Problem reports: from the buyer or the assigned runner, from the accept until 7 days after
// delivery, at most 3 open per person and order, with an optional photo; support resolves them.
const api = await testApi()
const { app, call, clock, db, kind, completeAccount, addStore, placeOrder, providers } = api
const store = await addStore({ name: 'Problems Test Store', latitude: 40.53, longitude: -74.3973 })
const DAY = 24 * 60 * 60_000

type Person = Awaited<ReturnType<typeof completeAccount>>
const report = (cookie: string, orderId: string, body: unknown) => call('POST', `/api/orders/${orderId}/problems`, { cookie, body })
const problemsOf = async (cookie: string, orderId: string) => (await call('GET', `/api/orders/${orderId}/problems`, { cookie })).body.problems as any[]

function reportWithPhoto(cookie: string, orderId: string, fields: Record<string, string>, photo?: Uint8Array<ArrayBuffer>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (photo) form.append('photo', new File([photo], 'bag.jpg', { type: 'image/jpeg' }))
  return app.handle(new Request(`http://localhost/api/orders/${orderId}/problems`, { method: 'POST', body: form, headers: { cookie } }))
}

async function passTime(ms: number, ...people: Person[]) {
  for (let left = ms; left > 0; left -= DAY) {
    clock.advance(Math.min(DAY, left))
    for (const person of people) await call('GET', '/api/auth/user', { cookie: person.cookie })
  }
}

const people = { buyerName: 'Meera', runnerName: 'Arjun' }
const acceptedOrder = () => api.acceptedOrder(store, people)
const deliveredOrder = () => api.deliveredOrder(store, people)

describe('POST /api/orders/{id}/problems', () => {
  test('the buyer reports one as JSON: 201; both parties list it, open, with no refund', async () => {
    const { buyer, runner, order } = await deliveredOrder()
    const made = await report(buyer.cookie, order.id, { kind: 'missing_items', details: 'No curry leaves in the bag' })
    expect(made.status).toBe(201)
    expect(made.body.problem).toMatchObject({ kind: 'missing_items', details: 'No curry leaves in the bag', reportedBy: 'buyer', status: 'open', refund: null })
    for (const person of [buyer, runner]) {
      expect(await problemsOf(person.cookie, order.id)).toMatchObject([{ id: (made.body.problem as any).id, status: 'open', resolution: null, photoUrl: null }])
    }
  })

  test('with a photo as multipart: stored without its EXIF, served to the two parties only', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    const response = await reportWithPhoto(runner.cookie, order.id, { kind: 'buyer_unreachable', details: 'Nobody answers the door' }, await jpegWithGps())
    expect(response.status).toBe(201)
    const { problem } = (await response.json()) as { problem: { photoUrl: string; reportedBy: string } }
    expect(problem.reportedBy).toBe('runner')
    expect(problem.photoUrl).toEndWith('/photo')
    const photo = await app.handle(new Request(`http://localhost${problem.photoUrl}`, { headers: { cookie: buyer.cookie } }))
    expect(photo.status).toBe(200)
    expect(photo.headers.get('cache-control')).toBe('private, no-cache')
    expect((await sharp(new Uint8Array(await photo.arrayBuffer())).metadata()).exif).toBeUndefined()
    const stranger = await completeAccount()
    expect((await app.handle(new Request(`http://localhost${problem.photoUrl}`, { headers: { cookie: stranger.cookie } }))).status).toBe(404)
    const notAPhoto = await reportWithPhoto(runner.cookie, order.id, { kind: 'other', details: 'x' }, new TextEncoder().encode('<svg onload=alert(1)>'))
    expect(notAPhoto.status).toBe(415)
    const bomb = await reportWithPhoto(runner.cookie, order.id, { kind: 'other', details: 'x' }, await jpegClaiming(8000, 8000))
    expect(bomb.status).toBe(415)
    expect(await bomb.json()).toEqual({
      message: 'The photo could not be read: the file is damaged or too large for its size. Take the photo again.',
      code: 'PHOTO_DAMAGED',
    })
    expect(await problemsOf(runner.cookie, order.id)).toHaveLength(1)
  })

  test('kind one of the list, details 1 to 2,000 characters, no control characters, in JSON or in the form', async () => {
    const { buyer, order } = await acceptedOrder()
    expect((await report(buyer.cookie, order.id, { kind: 'rude', details: 'x' })).status).toBe(400)
    expect((await report(buyer.cookie, order.id, { kind: 'late', details: '  ' })).status).toBe(400)
    expect((await report(buyer.cookie, order.id, { kind: 'late', details: 'x'.repeat(2001) })).status).toBe(400)
    expect((await report(buyer.cookie, order.id, { kind: 'late', details: 'a\u0000b' })).status).toBe(400)
    expect((await reportWithPhoto(buyer.cookie, order.id, { kind: 'late', details: 'a\u0007b' })).status).toBe(400)
    expect((await reportWithPhoto(buyer.cookie, order.id, { kind: 'late', details: 'é'.repeat(2000) })).status).toBe(201)
  })

  test('only from the accept until 7 days after delivery; strangers and runners of other orders get 404', async () => {
    const buyer = await completeAccount()
    const waiting = await placeOrder(buyer.cookie, store)
    const early = await report(buyer.cookie, waiting.id, { kind: 'late', details: 'Nobody took it' })
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('PROBLEM_REPORTS_CLOSED')
    const { buyer: other, order } = await deliveredOrder()
    const stranger = await completeAccount({ roles: ['runner'] })
    expect((await report(stranger.cookie, order.id, { kind: 'late', details: 'x' })).status).toBe(404)
    expect((await call('GET', `/api/orders/${order.id}/problems`, { cookie: stranger.cookie })).status).toBe(404)
    await passTime(7 * DAY, other)
    expect((await report(other.cookie, order.id, { kind: 'late', details: 'x' })).body.code).toBe('PROBLEM_REPORTS_CLOSED')
  })

  test("each side reports only its own kinds: a buyer's 'Could not reach the buyer' and a runner's 'The runner never came' are 400", async () => {
    const { buyer, runner, order } = await acceptedOrder()
    const asBuyer = await report(buyer.cookie, order.id, { kind: 'buyer_unreachable', details: 'x' })
    expect(asBuyer.status).toBe(400)
    expect(asBuyer.body).toMatchObject({ code: 'PROBLEM_KIND_NOT_ALLOWED', errors: { kind: 'A buyer cannot report "Could not reach the buyer".' } })
    const asRunner = await report(runner.cookie, order.id, { kind: 'runner_no_show', details: 'x' })
    expect(asRunner.status).toBe(400)
    expect(asRunner.body.code).toBe('PROBLEM_KIND_NOT_ALLOWED')
    // The same refusal for the form with a photo, before the photo is kept.
    expect((await reportWithPhoto(runner.cookie, order.id, { kind: 'runner_no_show', details: 'x' }, await jpegWithGps())).status).toBe(400)
    expect(await problemsOf(buyer.cookie, order.id)).toHaveLength(0)
    expect((await report(buyer.cookie, order.id, { kind: 'runner_no_show', details: 'Not here yet' })).status).toBe(201)
    expect((await report(runner.cookie, order.id, { kind: 'buyer_unreachable', details: 'No answer at the door' })).status).toBe(201)
  })

  test('at most 3 open reports per person and order: the fourth is 409 TOO_MANY_OPEN_PROBLEMS; the other party still may', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    for (let made = 0; made < 3; made++) expect((await report(buyer.cookie, order.id, { kind: 'other', details: `Report ${made}` })).status).toBe(201)
    expect((await report(buyer.cookie, order.id, { kind: 'other', details: 'Four' })).body.code).toBe('TOO_MANY_OPEN_PROBLEMS')
    expect((await report(runner.cookie, order.id, { kind: 'other', details: 'Mine' })).status).toBe(201)
    const [first] = await problemsOf(buyer.cookie, order.id)
    await problemDesk.resolveProblem(db, providers.payments, clock, first.id, { note: 'Answered by phone' })
    expect((await report(buyer.cookie, order.id, { kind: 'other', details: 'Four' })).status).toBe(201)
  })

  test('the other party is told (problem_reported), not the one who reported', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    await report(buyer.cookie, order.id, { kind: 'wrong_items', details: 'Got moong, not toor' })
    await dispatchOrderEvents({ db, clock, push: providers.push })
    const notes = async (person: Person) =>
      ((await call('GET', '/api/notifications', { cookie: person.cookie })).body.notifications as { data: { type: string } }[]).filter(
        (note) => note.data.type === 'problem_reported',
      )
    expect(await notes(runner)).toMatchObject([{ title: 'Problem reported: Problems Test Store order', data: { orderId: order.id } }])
    expect(await notes(buyer)).toEqual([])
  })
})

describe("support's resolve", () => {
  test('with a refund of the tip under the problem key: once, whatever is retried; the problem says resolved with its refund', async () => {
    const { buyer, order } = await deliveredOrder()
    const made = (await report(buyer.cookie, order.id, { kind: 'late', details: 'Two hours late' })).body.problem as { id: string }
    const resolved = await problemDesk.resolveProblem(db, providers.payments, clock, made.id, { note: 'Tip refunded', refund: 'tip' })
    expect(resolved.refund).toMatchObject({ amountCents: 500, refundedCents: 500, capturedCents: 700 })
    expect(resolved.problem).toMatchObject({ status: 'resolved', resolution: 'Tip refunded', refund: { amount: '5.00' } })
    await expect(problemDesk.resolveProblem(db, providers.payments, clock, made.id, { note: 'again', refund: 'tip' })).rejects.toMatchObject({
      code: 'ALREADY_RESOLVED',
    })
    expect(await orderWithPayment(db, order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 500 })
    expect((await problemsOf(buyer.cookie, order.id))[0]).toMatchObject({ status: 'resolved', refund: { amount: '5.00' }, resolvedAt: expect.any(String) })
    expect((await problemDesk.problemsForSupport(db, { open: true })).map((problem) => problem.id)).not.toContain(made.id)
  })
})

describe.skipIf(kind !== 'postgres')('problem races on PostgreSQL', () => {
  test('ten reports at once by one person leave 3 open', async () => {
    const { buyer, order } = await acceptedOrder()
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => report(buyer.cookie, order.id, { kind: 'other', details: `Race ${index}` })))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3)
    expect(await problemsOf(buyer.cookie, order.id)).toHaveLength(3)
  })
})
