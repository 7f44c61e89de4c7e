import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from '@20minutes/s3rver'
import { sql } from 'drizzle-orm'
import { jpegWithGps, photoUpload } from '../../../testing/photos'
import { testApi } from '../../../testing/test-api'
import { findOrder } from '../../orders/index'
import { databaseObjectStore } from './database-store'
import type { ObjectStore } from './object-store'
import { s3ObjectStore } from './s3-store'

// Both stores keep the one contract; the S3 one against s3rver, a local S3-compatible server from npm.
const directory = mkdtempSync(join(tmpdir(), 'kirana-s3-'))
const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'kirana-photos', configs: [] }] })
const { port } = await s3rver.run()
afterAll(async () => {
  await s3rver.close()
  rmSync(directory, { recursive: true, force: true })
})
// s3rver's fixed credentials; Bun's client signs every request with them as AWS would.
const s3Env = {
  S3_BUCKET: 'kirana-photos',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_REGION: 'us-east-1',
}

const api = await testApi({ env: s3Env })
const stores: [string, ObjectStore][] = [
  ['the database', databaseObjectStore(api.db)],
  ['S3', s3ObjectStore({ bucket: s3Env.S3_BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', endpoint: s3Env.S3_ENDPOINT, region: s3Env.S3_REGION })],
]

const bytesOf = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer())

describe.each(stores)('the object store in %s', (_where, store) => {
  test('keeps bytes and their type, replaces them under the same key, and forgets them when deleted', async () => {
    const key = `orders/${crypto.randomUUID()}/receipt/${crypto.randomUUID()}.jpg`
    const photo = await jpegWithGps()
    await store.put(key, photo, 'image/jpeg')
    const kept = (await store.get(key))!
    expect(kept).toMatchObject({ contentType: 'image/jpeg', bytes: photo.byteLength })
    expect(await bytesOf(kept.body)).toEqual(new Uint8Array(photo))
    await store.put(key, new Uint8Array([1, 2, 3]), 'image/png')
    const replaced = (await store.get(key))!
    expect(replaced).toMatchObject({ contentType: 'image/png', bytes: 3 })
    expect(await bytesOf(replaced.body)).toEqual(new Uint8Array([1, 2, 3]))
    await store.delete(key)
    expect(await store.get(key)).toBeNull()
    // Deleting again, or what never was, is not an error.
    await store.delete(key)
  })

  test('takes a stream as it comes', async () => {
    const key = `streams/${crypto.randomUUID()}`
    const chunks = [new Uint8Array(64 * 1024).fill(7), new Uint8Array(10).fill(9)]
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk)
        controller.close()
      },
    })
    await store.put(key, body, 'image/webp')
    const kept = (await store.get(key))!
    expect(kept.bytes).toBe(64 * 1024 + 10)
    expect((await bytesOf(kept.body)).at(-1)).toBe(9)
  })
})

test('with S3_BUCKET and its keys set, a runner’s receipt goes to the bucket and comes back through the API', async () => {
  expect(api.providers.objects).not.toBe(stores[0]![1])
  const store = await api.addStore({ name: 'S3 Test Store', latitude: 40.53, longitude: -74.3973 })
  const buyer = await api.completeAccount()
  const order = await api.placeOrder(buyer.cookie, store)
  const runner = await api.completeAccount({ roles: ['runner'] })
  await api.call('PATCH', `/api/orders/${order.id}/accept`, { cookie: runner.cookie })
  const uploaded = await api.app.handle(photoUpload(`/api/orders/${order.id}/receipt`, { bytes: await jpegWithGps() }, { cookie: runner.cookie }))
  expect(uploaded.status).toBe(201)
  const served = await api.app.handle(new Request(`http://localhost/api/orders/${order.id}/receipt`, { headers: { cookie: buyer.cookie } }))
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/jpeg')
  const { receipt } = (await uploaded.json()) as { receipt: { bytes: number } }
  expect((await served.arrayBuffer()).byteLength).toBe(receipt.bytes)
  // The object is in the bucket, not in the database.
  const inDatabase = await api.db.execute(sql`select key from stored_objects where key like ${`orders/${order.id}/%`}`)
  expect(Array.isArray(inDatabase) ? inDatabase : (inDatabase as { rows: unknown[] }).rows).toEqual([])
  const key = (await findOrder(api.db, order.id))!.receipt!.key
  expect(await stores[1]![1].get(key)).toMatchObject({ contentType: 'image/jpeg', bytes: receipt.bytes })
})
