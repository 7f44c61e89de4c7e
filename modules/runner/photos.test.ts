import { afterAll, describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import {
  disguisedFiles,
  flatReceiptPhoto,
  jpegClaiming,
  jpegOfAbout,
  jpegWithGps,
  jpegWithPageAfterIt,
  photoUpload,
  smallPng,
  smallWebp,
} from '../../testing/photos'
import { testApi } from '../../testing/test-api'
import { findOrder, type Order } from '../orders/index'
import { MAX_PHOTO_BYTES } from '../shared/index'

// The receipt and the doorstep photo: who may add them and when, which files pass, and who may see them.
const api = await testApi()
const { app, call, clock, db, completeAccount, addStore, placeOrder, providers } = api
const store = await addStore({ name: 'Photos Test Store', latitude: 40.53, longitude: -74.3973 })
const MINUTE = 60_000

type Slot = 'receipt' | 'delivery-photo'
type File = { bytes: Uint8Array; name?: string; type?: string }

async function upload(cookie: string | undefined, orderId: string, slot: Slot, file: File) {
  const response = await app.handle(photoUpload(`/api/orders/${orderId}/${slot}`, file, cookie ? { cookie } : {}))
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

async function fetchPhoto(cookie: string, orderId: string, slot: Slot, headers: Record<string, string> = {}) {
  return app.handle(new Request(`http://localhost/api/orders/${orderId}/${slot}`, { headers: { cookie, ...headers } }))
}

const viewAs = async (cookie: string, orderId: string) => (await call('GET', `/api/orders/${orderId}`, { cookie })).body.order as Order

const acceptedOrder = () => api.acceptedOrder(store, { runnerName: 'Divya' })
const pickedUp = () => api.pickedUpOrder(store, { runnerName: 'Divya', actualGroceryCost: '26.40' })
const delivered = () => api.deliveredOrder(store, { runnerName: 'Divya', actualGroceryCost: '26.40' })

const jpeg = { bytes: await jpegWithGps(), name: 'IMG_2041.jpg', type: 'image/jpeg' }

describe('POST /api/orders/{id}/receipt', () => {
  test('the runner sends a phone photo: 201, stored without its EXIF, and every order answer shows it', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    expect((await viewAs(buyer.cookie, order.id)).receipt).toBeNull()
    const sent = await sharp(jpeg.bytes).metadata()
    expect(sent.exif).toBeDefined()

    const response = await upload(runner.cookie, order.id, 'receipt', jpeg)
    expect(response.status).toBe(201)
    const { receipt } = response.body
    expect(receipt).toEqual({
      url: `/api/orders/${order.id}/receipt`,
      contentType: 'image/jpeg',
      bytes: expect.any(Number),
      uploadedAt: clock.now().toISOString(),
    })

    const served = await fetchPhoto(buyer.cookie, order.id, 'receipt')
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toStartWith('private')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const stored = new Uint8Array(await served.arrayBuffer())
    expect(stored.byteLength).toBe(receipt.bytes)
    const kept = await sharp(stored).metadata()
    expect(kept).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
    // No EXIF block at all, so no GPS position, camera or time; nor XMP or IPTC.
    expect(kept.exif).toBeUndefined()
    expect(kept.xmp).toBeUndefined()
    expect(kept.iptc).toBeUndefined()
    expect(Buffer.from(stored).includes('Exif')).toBe(false)
    expect(Buffer.from(stored).includes('Kirana Test Phone')).toBe(false)

    for (const cookie of [buyer.cookie, runner.cookie]) {
      expect((await viewAs(cookie, order.id)).receipt).toEqual({ url: receipt.url, uploadedAt: receipt.uploadedAt })
    }
    expect((await call('GET', '/api/orders', { cookie: buyer.cookie })).body).toContainEqual(
      expect.objectContaining({ id: order.id, receipt: expect.any(Object) }),
    )
  })

  test('a new upload replaces the shown one, and the old file is deleted from the store', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    await upload(runner.cookie, order.id, 'receipt', jpeg)
    const first = (await findOrder(db, order.id))!.receipt!
    clock.advance(MINUTE)
    const second = await upload(runner.cookie, order.id, 'receipt', { bytes: await smallPng(), name: 'retake.png', type: 'image/png' })
    expect(second.status).toBe(201)
    expect(second.body.receipt).toMatchObject({ contentType: 'image/png', uploadedAt: clock.now().toISOString() })
    expect(await providers.objects.get(first.key)).toBeNull()
    const served = await fetchPhoto(buyer.cookie, order.id, 'receipt')
    expect(served.headers.get('content-type')).toBe('image/png')
    expect((await viewAs(buyer.cookie, order.id)).receipt!.uploadedAt).toBe(clock.now().toISOString())
  })

  test('once the grocery total is entered with it, the receipt is kept: replacing it is 409, and the first stays', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    expect((await upload(runner.cookie, order.id, 'receipt', jpeg)).status).toBe(201)
    const first = (await findOrder(db, order.id))!.receipt!
    const itemCompletionData = order.items.map((item) => ({ id: item.id, isDelivered: true }))
    const picked = await call('PATCH', `/api/orders/${order.id}/status`, {
      cookie: runner.cookie,
      body: { status: 'picked_up', itemCompletionData, actualGroceryCost: '26.40' },
    })
    expect(picked.status).toBe(200)
    const retake = await upload(runner.cookie, order.id, 'receipt', { bytes: await smallPng() })
    expect(retake.status).toBe(409)
    expect(retake.body).toEqual({
      message: 'The receipt stays as it was when you entered the grocery total: the customer checks that total against it.',
      code: 'PHOTO_NOT_ALLOWED_NOW',
    })
    expect((await findOrder(db, order.id))!.receipt).toEqual(first)
    expect(await providers.objects.get(first.key)).not.toBeNull()
    expect((await viewAs(buyer.cookie, order.id)).receipt!.uploadedAt).toBe(first.uploadedAt)
  })

  test('picked up without a total, the receipt may still be added, and replaced', async () => {
    const { runner, order } = await api.pickedUpOrder(store, { runnerName: 'Divya' })
    expect((await upload(runner.cookie, order.id, 'receipt', jpeg)).status).toBe(201)
    expect((await upload(runner.cookie, order.id, 'receipt', { bytes: await smallPng() })).status).toBe(201)
  })

  test('PNG and WebP are taken too, each kept as what its bytes say it is', async () => {
    const { runner, order } = await acceptedOrder()
    const png = await upload(runner.cookie, order.id, 'receipt', { bytes: await smallPng(), name: 'receipt.jpg', type: 'image/jpeg' })
    expect(png.body.receipt.contentType).toBe('image/png')
    const webp = await upload(runner.cookie, order.id, 'receipt', { bytes: await smallWebp(), name: 'receipt.png', type: 'application/octet-stream' })
    expect(webp.body.receipt.contentType).toBe('image/webp')
  })

  test('the plainest receipt photo there is, 4000×3000 of one colour (170 pixels a byte), is taken whole', async () => {
    const { runner, order } = await acceptedOrder()
    const response = await upload(runner.cookie, order.id, 'receipt', { bytes: await flatReceiptPhoto() })
    expect(response.status).toBe(201)
    const stored = new Uint8Array(await (await fetchPhoto(runner.cookie, order.id, 'receipt')).arrayBuffer())
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 })
  })

  test('while accepted or picked up; not once delivered', async () => {
    const accepted = await acceptedOrder()
    expect((await upload(accepted.runner.cookie, accepted.order.id, 'receipt', jpeg)).status).toBe(201)
    const picked = await pickedUp()
    expect((await upload(picked.runner.cookie, picked.order.id, 'receipt', jpeg)).status).toBe(201)
    const done = await delivered()
    const late = await upload(done.runner.cookie, done.order.id, 'receipt', jpeg)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('PHOTO_NOT_ALLOWED_NOW')
  })

  test('who may not: a stranger and another runner get 404, the buyer 403 (before a runner accepts too), no session 401', async () => {
    const buyer = await completeAccount()
    const waiting = await placeOrder(buyer.cookie, store)
    const runner = await completeAccount({ roles: ['runner'] })
    // Before anyone accepts: no runner of its own, so nobody may add a receipt.
    expect((await upload(buyer.cookie, waiting.id, 'receipt', jpeg)).status).toBe(403)
    expect((await upload(runner.cookie, waiting.id, 'receipt', jpeg)).status).toBe(404)

    const { order, buyer: owner } = await acceptedOrder()
    const stranger = await completeAccount()
    const otherRunner = await completeAccount({ roles: ['runner'] })
    expect((await upload(stranger.cookie, order.id, 'receipt', jpeg)).status).toBe(404)
    expect((await upload(otherRunner.cookie, order.id, 'receipt', jpeg)).status).toBe(404)
    const own = await upload(owner.cookie, order.id, 'receipt', jpeg)
    expect(own.status).toBe(403)
    expect(own.body.code).toBe('NOT_YOUR_DELIVERY')
    expect((await upload(undefined, order.id, 'receipt', jpeg)).status).toBe(401)
    expect((await upload(stranger.cookie, crypto.randomUUID(), 'receipt', jpeg)).status).toBe(404)
    expect((await findOrder(db, order.id))!.receipt).toBeNull()
  })
})

const disguised = await disguisedFiles()
const { runner, order } = await acceptedOrder()

describe('files we refuse', () => {
  // Not a picture at all, or one of a kind we do not take; or a JPEG by its first bytes that does not decode.
  const NOT_A_PHOTO = { message: 'The photo must be a JPEG, PNG or WebP image', code: 'UNSUPPORTED_MEDIA_TYPE' }
  const DAMAGED = { message: 'The photo could not be read: the file is damaged or too large for its size. Take the photo again.', code: 'PHOTO_DAMAGED' }
  const sniffedAsJpeg = new Set(['a truncated JPEG', 'a polyglot: a JPEG header, then HTML'])
  /** `bytes` sent as a fresh order's receipt: 415, said to be damaged, and nothing stored. */
  async function refusedAsDamaged(bytes: Uint8Array) {
    const fresh = await acceptedOrder()
    const response = await upload(fresh.runner.cookie, fresh.order.id, 'receipt', { bytes })
    expect(response.status).toBe(415)
    expect(response.body).toEqual(DAMAGED)
    expect((await findOrder(db, fresh.order.id))!.receipt).toBeNull()
  }

  test.each(Object.entries(disguised))('%s: 415 in the error shape, and nothing stored', async (name, file) => {
    const response = await upload(runner.cookie, order.id, 'receipt', file)
    expect(response.status).toBe(415)
    expect(response.body).toEqual(sniffedAsJpeg.has(name) ? DAMAGED : NOT_A_PHOTO)
    expect((await findOrder(db, order.id))!.receipt).toBeNull()
  })

  test('a 267-byte JPEG whose header claims 8000×8000 (the photo bomb): 415, said to be damaged or too large, and nothing stored', async () => {
    const bomb = await jpegClaiming(8000, 8000)
    expect(bomb.byteLength).toBe(267)
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'jpeg', width: 8000, height: 8000 })
    await refusedAsDamaged(bomb)
  })

  test('a header claiming more than 64 megapixels: 413 in the error shape, however few bytes come with it', async () => {
    for (const side of [8001, 20_000]) {
      const response = await upload(runner.cookie, order.id, 'receipt', { bytes: await jpegClaiming(side, side) })
      expect(response.status).toBe(413)
      expect(response.body).toEqual({ message: 'The photo has too many pixels (limit 64 megapixels)', code: 'PAYLOAD_TOO_LARGE' })
    }
  })

  test('a photo cut in half: 415 in the error shape, and nothing stored', async () => {
    const photo = await jpegOfAbout(200 * 1024)
    const half = photo.subarray(0, photo.byteLength / 2)
    // Its header still says the whole size, and half a photo's bytes could hold that many pixels.
    const { width, height } = await sharp(photo).metadata()
    expect(await sharp(half).metadata()).toMatchObject({ width, height })
    await refusedAsDamaged(half)
  })

  test('a whole JPEG with a page after its end is kept as its pixels only: the page is gone', async () => {
    const bytes = await jpegWithPageAfterIt()
    const response = await upload(runner.cookie, order.id, 'delivery-photo', { bytes }).catch(() => null)
    // Not yet picked up, so the doorstep photo is closed; the receipt takes it.
    expect(response?.status).toBe(409)
    expect((await upload(runner.cookie, order.id, 'receipt', { bytes })).status).toBe(201)
    const stored = Buffer.from(await (await fetchPhoto(runner.cookie, order.id, 'receipt')).arrayBuffer())
    expect(stored.includes('<script')).toBe(false)
    expect(stored.includes('<html')).toBe(false)
  })

  test('a 6 MB photo: 413 in the error shape', async () => {
    const big = await jpegOfAbout(6 * 1024 * 1024)
    expect(big.byteLength).toBeGreaterThan(MAX_PHOTO_BYTES)
    const response = await upload(runner.cookie, order.id, 'receipt', { bytes: big })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ message: 'The photo is too large (limit 5 MB)', code: 'PAYLOAD_TOO_LARGE' })
  }, 30_000)

  test('a declared length over the limit is refused before a byte is read', async () => {
    let pulled = 0
    const body = new ReadableStream({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(1024))
      },
    })
    const request = new Request(`http://localhost/api/orders/${order.id}/receipt`, {
      method: 'POST',
      body,
      headers: { cookie: runner.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(6 * 1024 * 1024) },
    })
    const response = await app.handle(request)
    expect(response.status).toBe(413)
    expect((await response.json()).code).toBe('PAYLOAD_TOO_LARGE')
    expect(pulled).toBeLessThanOrEqual(1)
  })

  test('a chunked body is counted as it arrives and refused once it passes the limit', async () => {
    const boundary = 'kirana-boundary'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    )
    let sent = 0
    const body = new ReadableStream({
      pull(controller) {
        // 64 KB at a time, forever: only the count can stop it.
        controller.enqueue(sent++ === 0 ? head : new Uint8Array(64 * 1024).fill(0xff))
      },
    })
    const request = new Request(`http://localhost/api/orders/${order.id}/receipt`, {
      method: 'POST',
      body,
      headers: { cookie: runner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    const response = await app.handle(request)
    expect(response.status).toBe(413)
    expect(sent * 64 * 1024).toBeLessThan(MAX_PHOTO_BYTES + 512 * 1024)
  })

  test('no photo in the form: 400; a JSON body: 415; without a session nothing is read: 401', async () => {
    const form = new FormData()
    form.append('note', 'no file here')
    const empty = await app.handle(
      new Request(`http://localhost/api/orders/${order.id}/receipt`, { method: 'POST', body: form, headers: { cookie: runner.cookie } }),
    )
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ code: 'PHOTO_REQUIRED', errors: { photo: 'Choose a photo to upload' } })
    const json = await call('POST', `/api/orders/${order.id}/receipt`, { cookie: runner.cookie, body: { photo: 'data:image/jpeg;base64,AAAA' } })
    expect(json.status).toBe(415)
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect((await upload(undefined, order.id, 'receipt', { bytes: await jpegOfAbout(6 * 1024 * 1024) })).status).toBe(401)
  })

  test('multipart is still refused on every other route', async () => {
    const form = new FormData()
    form.append('photo', new File([jpeg.bytes], 'x.jpg', { type: 'image/jpeg' }))
    const response = await app.handle(
      new Request(`http://localhost/api/orders/${order.id}/cancel`, { method: 'POST', body: form, headers: { cookie: runner.cookie } }),
    )
    expect(response.status).toBe(415)
  })
})

describe('POST /api/orders/{id}/delivery-photo', () => {
  test('from pick-up until an hour after delivery, by the runner; then 409', async () => {
    const accepted = await acceptedOrder()
    expect((await upload(accepted.runner.cookie, accepted.order.id, 'delivery-photo', jpeg)).status).toBe(409)
    const picked = await pickedUp()
    const onTheWay = await upload(picked.runner.cookie, picked.order.id, 'delivery-photo', jpeg)
    expect(onTheWay.status).toBe(201)
    expect(onTheWay.body.deliveryPhoto).toMatchObject({ url: `/api/orders/${picked.order.id}/delivery-photo`, contentType: 'image/jpeg' })
    const done = await delivered()
    clock.advance(59 * MINUTE)
    expect((await upload(done.runner.cookie, done.order.id, 'delivery-photo', jpeg)).status).toBe(201)
    clock.advance(MINUTE)
    const late = await upload(done.runner.cookie, done.order.id, 'delivery-photo', jpeg)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('A delivery photo can be added after pick-up and up to an hour after delivery.')
    expect((await viewAs(done.buyer.cookie, done.order.id)).deliveryPhoto).toMatchObject({ url: `/api/orders/${done.order.id}/delivery-photo` })
  })

  test('follows the receipt’s rules: roles and files', async () => {
    const { buyer, runner, order } = await pickedUp()
    const other = await completeAccount({ roles: ['runner'] })
    expect((await upload(other.cookie, order.id, 'delivery-photo', jpeg)).status).toBe(404)
    expect((await upload(buyer.cookie, order.id, 'delivery-photo', jpeg)).status).toBe(403)
    expect((await upload(runner.cookie, order.id, 'delivery-photo', disguised['an SVG with a script'])).status).toBe(415)
    expect((await upload(runner.cookie, order.id, 'delivery-photo', { bytes: await jpegOfAbout(6 * 1024 * 1024) })).status).toBe(413)
  }, 30_000)
})

describe('GET /api/orders/{id}/receipt and /delivery-photo', () => {
  test('the buyer and the runner only: a stranger, another runner and no session are refused; a missing photo is 404', async () => {
    const { buyer, runner, order } = await pickedUp()
    expect((await fetchPhoto(buyer.cookie, order.id, 'receipt')).status).toBe(404)
    await upload(runner.cookie, order.id, 'receipt', jpeg)
    await upload(runner.cookie, order.id, 'delivery-photo', jpeg)
    const stranger = await completeAccount()
    const otherRunner = await completeAccount({ roles: ['runner'] })
    for (const slot of ['receipt', 'delivery-photo'] as const) {
      expect((await fetchPhoto(buyer.cookie, order.id, slot)).status).toBe(200)
      expect((await fetchPhoto(runner.cookie, order.id, slot)).status).toBe(200)
      for (const cookie of [stranger.cookie, otherRunner.cookie]) {
        const refused = await fetchPhoto(cookie, order.id, slot)
        expect(refused.status).toBe(404)
        expect(await refused.json()).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND' })
      }
      expect((await app.handle(new Request(`http://localhost/api/orders/${order.id}/${slot}`))).status).toBe(401)
    }
  })

  test('an unchanged photo revalidates with 304', async () => {
    const { buyer, runner, order } = await acceptedOrder()
    await upload(runner.cookie, order.id, 'receipt', jpeg)
    const first = await fetchPhoto(buyer.cookie, order.id, 'receipt')
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const again = await fetchPhoto(buyer.cookie, order.id, 'receipt', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    await upload(runner.cookie, order.id, 'receipt', jpeg)
    expect((await fetchPhoto(buyer.cookie, order.id, 'receipt', { 'if-none-match': etag })).status).toBe(200)
  })
})

describe('over a real socket', () => {
  const server = Bun.serve({ port: 0, fetch: (request) => app.handle(request) })
  afterAll(() => server.stop(true))

  test('a browser’s form upload of a 3 MB photo is taken, and one of 6 MB is refused with 413 by its declared length', async () => {
    const { runner, order } = await acceptedOrder()
    const send = (bytes: Uint8Array) => {
      const form = new FormData()
      form.append('photo', new File([bytes as Uint8Array<ArrayBuffer>], 'IMG_2042.jpg', { type: 'image/jpeg' }))
      return fetch(`http://127.0.0.1:${server.port}/api/orders/${order.id}/receipt`, { method: 'POST', body: form, headers: { cookie: runner.cookie } })
    }
    const taken = await send(await jpegOfAbout(3 * 1024 * 1024))
    expect(taken.status).toBe(201)
    const refused = await send(await jpegOfAbout(6 * 1024 * 1024))
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({ message: 'The photo is too large (limit 5 MB)', code: 'PAYLOAD_TOO_LARGE' })
  }, 30_000)
})
