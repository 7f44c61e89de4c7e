import { describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Order } from '../../modules/orders/contract'
import { fakeApi } from '../testing/fake-api'
import { fakeCanvas } from '../testing/fake-canvas'
import { followsOrderStreams } from '../testing/fake-event-source'
import { aBuyer } from '../testing/fixtures'
import { anAcceptedOrder, aRunner } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { ActiveDeliveryPage } from './active-delivery'
import { OrderTrackingPage } from './order-tracking'

const order = anAcceptedOrder()
const receipt = { url: `/api/orders/${order.id}/receipt`, uploadedAt: '2026-01-05T10:25:00.000Z' }
const pickedUp: Order = { ...order, status: 'picked_up', pickedUpAt: '2026-01-05T10:30:00.000Z', actualGroceryCost: '18.75', receipt }

/** Stands in for XMLHttpRequest, which happy-dom cannot send multipart with: the test moves the upload and answers it. */
class FakeUpload {
  static last: FakeUpload | null = null
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  withCredentials = false
  status = 0
  statusText = ''
  responseText = ''
  url = ''
  body: FormData | null = null
  open(_method: string, url: string) {
    this.url = url
  }
  send(body: FormData) {
    this.body = body
    FakeUpload.last = this
  }
  // Each moves the screen, as the browser's own events would: inside act, so React settles before the test looks.
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 }))
  }
  answer(status: number, body: unknown) {
    Object.assign(this, { status, responseText: JSON.stringify(body) })
    act(() => this.onload?.())
  }
}

const events = followsOrderStreams()

async function openDelivery(current: Order, card = 'Receipt photo') {
  FakeUpload.last = null
  const realRequest = globalThis.XMLHttpRequest
  globalThis.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest
  fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order: current }] })
  renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${order.id}`, user: aRunner() })
  const region = within(await screen.findByRole('region', { name: card }))
  return { card: region, restore: () => (globalThis.XMLHttpRequest = realRequest) }
}

const takePhoto = (
  card: Awaited<ReturnType<typeof openDelivery>>['card'],
  photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'receipt.jpg', { type: 'image/jpeg' }),
) => {
  const input = card.getByLabelText<HTMLInputElement>('Take Receipt Photo', { selector: 'input' })
  expect(input.getAttribute('accept')).toBe('image/*')
  expect(input.getAttribute('capture')).toBe('environment')
  fireEvent.change(input, { target: { files: [photo] } })
}

/** The upload once the photo has been shrunk and sent. */
const sentUpload = () => waitFor(() => FakeUpload.last ?? Promise.reject(new Error('nothing sent yet')))

describe('the receipt photo on the active delivery', () => {
  test('a shot shows at once, its upload fills a progress bar, and the stored photo takes its place', async () => {
    const { card, restore } = await openDelivery(order)
    try {
      takePhoto(card)
      expect(card.getByRole<HTMLImageElement>('img', { name: 'Receipt photo preview' }).src).toStartWith('blob:')
      const upload = await sentUpload()
      expect(upload.url).toBe(`/api/orders/${order.id}/receipt`)
      expect(upload.withCredentials).toBe(true)
      expect((upload.body!.get('photo') as File).name).toBe('receipt.jpg')
      upload.progress(40)
      await card.findByText('Uploading 40%')
      expect(card.getByRole<HTMLProgressElement>('progressbar').value).toBe(0.4)
      expect(card.getByRole<HTMLButtonElement>('button', { name: 'Take Receipt Photo' }).disabled).toBe(true)

      upload.answer(201, { receipt: { ...receipt, contentType: 'image/jpeg', bytes: 2048 } })
      await card.findByText('Uploaded.')
      expect(card.getByRole('button', { name: /Receipt photo/ })).toBeDefined()
      expect(card.getByRole('button', { name: 'Retake Photo' })).toBeDefined()
      expect(card.queryByRole('progressbar')).toBeNull()
    } finally {
      restore()
    }
  })

  test('a refused photo says why in plain words, and another can be tried', async () => {
    const { card, restore } = await openDelivery(order)
    try {
      takePhoto(card, new File(['not a picture'], 'notes.txt', { type: 'text/plain' }))
      ;(await sentUpload()).answer(415, { message: 'The photo must be a JPEG, PNG or WebP image.', code: 'UNSUPPORTED_PHOTO' })
      expect((await card.findByRole('alert')).textContent).toBe('Not uploaded: The photo must be a JPEG, PNG or WebP image.')
      expect(card.getByRole('button', { name: 'Try Another Photo' })).toBeDefined()
      // What was refused is not left on screen as a broken picture.
      expect(card.queryByRole('img')).toBeNull()
    } finally {
      restore()
    }
  })

  test('a refused retake puts the stored photo back in place of the refused one', async () => {
    const { card, restore } = await openDelivery({ ...order, receipt })
    try {
      const input = card.getByLabelText<HTMLInputElement>('Take Receipt Photo', { selector: 'input' })
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })] } })
      ;(await sentUpload()).answer(415, { message: 'The photo must be a JPEG, PNG or WebP image.', code: 'UNSUPPORTED_PHOTO' })
      await card.findByRole('alert')
      expect(card.queryByRole('img', { name: 'Receipt photo preview' })).toBeNull()
      expect(card.getByRole<HTMLImageElement>('img', { name: 'Receipt photo' }).getAttribute('src')).toBe(
        `${receipt.url}?v=${encodeURIComponent(receipt.uploadedAt)}`,
      )
    } finally {
      restore()
    }
  })

  test('a camera photo is shrunk before it goes up, saying so meanwhile', async () => {
    const canvas = fakeCanvas({ width: 4000, height: 3000, bytesAt: () => 800 * 1024 })
    canvas.hold()
    const { card, restore } = await openDelivery(order)
    try {
      takePhoto(card, new File([new Uint8Array(9 * 1024 * 1024)], 'IMG_2041.JPG', { type: 'image/jpeg' }))
      await card.findByText('Preparing photo...')
      expect(FakeUpload.last).toBeNull()
      expect(card.getByRole<HTMLButtonElement>('button', { name: 'Take Receipt Photo' }).disabled).toBe(true)
      canvas.release()
      const sent = (await sentUpload()).body!.get('photo') as File
      expect([sent.name, sent.type, sent.size]).toEqual(['IMG_2041.jpg', 'image/jpeg', 800 * 1024])
      expect(canvas.encoded[0]).toMatchObject({ width: 2000, height: 1500 })
      await card.findByText('Uploading 0%')
      expect(card.queryByText('Preparing photo...')).toBeNull()
    } finally {
      restore()
      canvas.restore()
    }
  })

  test('picked up with the grocery total, the receipt is kept as sent: no retake, and it says why', async () => {
    const { card, restore } = await openDelivery(pickedUp)
    try {
      expect(card.getByRole('img', { name: 'Receipt photo' })).toBeDefined()
      expect(card.queryByRole('button', { name: 'Retake Photo' })).toBeNull()
      expect(card.getByText('Kept as sent with your grocery total: the customer checks the total against it.')).toBeDefined()
    } finally {
      restore()
    }
  })

  test('picked up without a total, the receipt may still be retaken', async () => {
    const { card, restore } = await openDelivery({ ...pickedUp, actualGroceryCost: null })
    try {
      expect(card.getByRole('button', { name: 'Retake Photo' })).toBeDefined()
    } finally {
      restore()
    }
  })

  test('once delivered, a doorstep photo is shown but not offered for a retake', async () => {
    const delivered: Order = {
      ...pickedUp,
      status: 'delivered',
      deliveredAt: new Date().toISOString(),
      deliveryPhoto: { url: `/api/orders/${order.id}/delivery-photo`, uploadedAt: '2026-01-05T10:50:00.000Z' },
    }
    const { card, restore } = await openDelivery(delivered, 'Doorstep photo')
    try {
      expect(card.getByRole('img', { name: 'Doorstep photo' })).toBeDefined()
      expect(card.queryByRole('button', { name: 'Retake Photo' })).toBeNull()
    } finally {
      restore()
    }
  })
})

describe('the receipt and total on tracking', () => {
  test('the receipt opens large, and Confirm Total is sent once, then says when', async () => {
    const server = fakeApi({
      [`GET /api/orders/${order.id}`]: () => [200, { order: pickedUp }],
      [`POST /api/orders/${order.id}/grocery-total/confirm`]: () => [200, { order: { ...pickedUp, groceryTotalConfirmedAt: '2026-01-05T10:35:00.000Z' } }],
    })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
    const card = within(await screen.findByRole('region', { name: 'Receipt and total' }))
    expect(card.getByText(/Grocery total from the store receipt/).textContent).toBe('Grocery total from the store receipt: $18.75, paid to Ravi at the door.')

    fireEvent.click(card.getByRole('button', { name: /Store receipt/ }))
    const dialog = within(screen.getByRole('dialog', { name: 'Store receipt' }))
    expect(dialog.getByRole<HTMLImageElement>('img', { name: 'Store receipt' }).getAttribute('src')).toBe(
      `${receipt.url}?v=${encodeURIComponent(receipt.uploadedAt)}`,
    )
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }))

    fireEvent.click(card.getByRole('button', { name: 'Confirm Total' }))
    const confirmed = await card.findByRole<HTMLButtonElement>('button', { name: 'Total Confirmed' })
    expect(confirmed.disabled).toBe(true)
    expect(card.getByRole('status').textContent).toMatch(/^You confirmed \$18\.75 at /)
    expect(server.callsTo(`POST /api/orders/${order.id}/grocery-total/confirm`)).toHaveLength(1)
  })

  test('once delivered, the doorstep photo shows', async () => {
    const delivered: Order = {
      ...pickedUp,
      status: 'delivered',
      deliveredAt: '2026-01-05T10:50:00.000Z',
      deliveryPhoto: { url: `/api/orders/${order.id}/delivery-photo`, uploadedAt: '2026-01-05T10:50:00.000Z' },
    }
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order: pickedUp }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
    await screen.findByRole('region', { name: 'Receipt and total' })
    expect(screen.queryByRole('region', { name: 'Left at your door' })).toBeNull()
    events.latest()!.push('order', delivered)
    await waitFor(() => expect(screen.getByRole('region', { name: 'Left at your door' })).toBeDefined())
    expect(screen.getByRole('button', { name: /Groceries at your door/ })).toBeDefined()
  })
})
