import { afterEach, describe, expect, test } from 'bun:test'
import { PHOTO_UPLOAD_MAX_SIDE_PX, PHOTO_UPLOAD_TARGET_BYTES } from '../../modules/shared/contract'
import { fakeCanvas } from '../testing/fake-canvas'
import { shrinkPhoto } from './shrink-photo'

const MB = 1024 * 1024
const camera = (bytes: number, name = 'IMG_2041.JPG', type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type })

let canvas: ReturnType<typeof fakeCanvas> | null = null
afterEach(() => canvas?.restore())

describe('shrinking a photo before it goes up', () => {
  test('a 12-megapixel camera JPEG becomes a JPEG 2,000 px on its longest side, under the target', async () => {
    canvas = fakeCanvas({ width: 4000, height: 3000, bytesAt: () => 900 * 1024 })
    const shrunk = await shrinkPhoto(camera(9.9 * MB))
    expect(canvas.encoded).toEqual([{ width: PHOTO_UPLOAD_MAX_SIDE_PX, height: 1500, quality: 0.85 }])
    expect([shrunk.name, shrunk.type, shrunk.size < PHOTO_UPLOAD_TARGET_BYTES]).toEqual(['IMG_2041.jpg', 'image/jpeg', true])
    expect(canvas.closed()).toBe(1)
  })

  test('a portrait shot keeps its shape', async () => {
    canvas = fakeCanvas({ width: 3024, height: 4032 })
    await shrinkPhoto(camera(6 * MB))
    expect(canvas.encoded[0]).toMatchObject({ width: 1500, height: PHOTO_UPLOAD_MAX_SIDE_PX })
  })

  test('a busy shot is encoded at lower qualities, then smaller, until it fits', async () => {
    // Only a JPEG of at most 1,600 px at quality 0.65 fits.
    canvas = fakeCanvas({ width: 4000, height: 3000, bytesAt: (width, _height, quality) => (width <= 1600 && quality <= 0.65 ? MB : 2 * MB) })
    const shrunk = await shrinkPhoto(camera(12 * MB))
    expect(canvas.encoded.map(({ width, quality }) => [width, quality])).toEqual([
      [2000, 0.85],
      [2000, 0.75],
      [2000, 0.65],
      [1600, 0.85],
      [1600, 0.75],
      [1600, 0.65],
    ])
    expect(shrunk.size).toBe(MB)
  })

  test('a photo already small enough goes as it is, PNG and all', async () => {
    canvas = fakeCanvas({ width: 1200, height: 900 })
    const small = camera(300 * 1024, 'screenshot.png', 'image/png')
    expect(await shrinkPhoto(small)).toBe(small)
    expect(canvas.encoded).toEqual([])
  })

  test('a small picture of a kind the server refuses is still turned into a JPEG', async () => {
    canvas = fakeCanvas({ width: 800, height: 600 })
    const shrunk = await shrinkPhoto(camera(200 * 1024, 'scan.gif', 'image/gif'))
    expect([shrunk.name, shrunk.type]).toEqual(['scan.jpg', 'image/jpeg'])
  })

  test('a file the browser cannot decode goes as it is, for the server to refuse in words', async () => {
    canvas = fakeCanvas({ width: 0, height: 0, decodes: false })
    const notes = camera(5000, 'notes.txt', 'text/plain')
    expect(await shrinkPhoto(notes)).toBe(notes)
  })
})
