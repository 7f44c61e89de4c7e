import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import sharp from 'sharp'
import { MAX_PHOTO_BYTES, PHOTO_UPLOAD_MAX_SIDE_PX, PHOTO_UPLOAD_TARGET_BYTES } from '../../modules/shared/contract'
import { heading } from './account-steps'
import { useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { shotAt } from './phone-shots'

/**
 * A phone's camera photo as it comes, 12 megapixels (4000×3000) and several megabytes: the
 * browser shrinks it before it goes up, so it is taken where the server's 5 MB cap would refuse
 * it as it is. Both ways a photo goes up: the runner's receipt, and the buyer's problem report.
 */
const env = useServerAndBrowser()
const { url, buyerWithOrder, runnerRavi } = orderSteps(env)

const CAMERA = { width: 4000, height: 3000 }

/** Sensor noise over a warm background at a camera's quality: a JPEG as heavy as a real 12-megapixel shot. */
const cameraJpeg = () =>
  sharp({ create: { ...CAMERA, channels: 3, background: '#c8a070', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .jpeg({ quality: 95 })
    .toBuffer()

/** The stored photo at `path`, as its viewer fetches it: its size in bytes and pixels. */
async function stored(page: Page, path: string) {
  const answer = await page.request.get(url(path))
  expect(answer.status()).toBe(200)
  const bytes = await answer.body()
  const { width, height } = await sharp(bytes).metadata()
  return { bytes: bytes.byteLength, width: width!, height: height! }
}

const expectShrunk = (photo: { bytes: number; width: number; height: number }) => {
  expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(PHOTO_UPLOAD_MAX_SIDE_PX)
  expect(photo.width / photo.height).toBeCloseTo(CAMERA.width / CAMERA.height, 2)
  expect(photo.bytes).toBeLessThan(PHOTO_UPLOAD_TARGET_BYTES)
}

describe('camera photos', () => {
  test('a 12-megapixel camera JPEG goes up shrunk, as a receipt and with a problem report', async () => {
    const camera = await cameraJpeg()
    // Past the server's cap as it is: only the shrinking lets it through.
    expect(camera.byteLength).toBeGreaterThan(MAX_PHOTO_BYTES)
    const file = { name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: camera }

    const { buyer, order } = await buyerWithOrder('(732) 555-0180')
    const runner = await runnerRavi('(732) 555-0181')
    expect((await runner.request.patch(url(`/api/orders/${order.id}/accept`))).status()).toBe(200)

    await runner.goto(url(`/delivery/${order.id}`))
    await heading(runner, 'Active Delivery')
    const receiptCard = runner.getByRole('region', { name: 'Receipt photo' })
    await receiptCard.locator('input[type="file"]').setInputFiles(file)
    await receiptCard.getByText('Uploaded.').waitFor({ timeout: 30_000 })
    await receiptCard.getByRole('img', { name: 'Receipt photo' }).waitFor()
    expect(await receiptCard.getByRole('alert').count()).toBe(0)
    await shotAt(runner, 'delivery-camera-receipt-phone', receiptCard)
    const receipt = (await (await runner.request.get(url(`/api/orders/${order.id}`))).json()).order.receipt
    expectShrunk(await stored(runner, receipt.url))

    await buyer.goto(url(`/order/${order.id}`))
    await heading(buyer, 'Track Order')
    const problems = buyer.getByRole('region', { name: 'Problems' })
    await problems.getByRole('button', { name: 'Report a problem' }).click()
    const form = problems.getByRole('form', { name: 'Report a problem' })
    await form.getByLabel('What went wrong?').selectOption({ label: 'Items missing' })
    await form.getByLabel('Details').fill('The runner says the mangoes are in, here is the shelf.')
    await form.getByLabel('Photo (optional)').setInputFiles(file)
    await form.getByRole('button', { name: 'Send Report' }).click()
    await problems.getByText('Thanks. Kirana support will look into it, and the other party has been told.').waitFor({ timeout: 30_000 })
    const photoUrl = await problems.getByRole('link', { name: 'View photo' }).getAttribute('href')
    expectShrunk(await stored(buyer, photoUrl!))
  }, 120_000)
})
