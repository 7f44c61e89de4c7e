import { expect, test } from 'bun:test'
import type { Listen } from '../../db/database'
import { orderOutbox } from '../orders/index'
import { type OfferPage, offerPages } from './offer-pages'

/** A channel the test speaks on itself, as another instance's NOTIFY would. */
function fakeChannel() {
  const heard = new Map<string, (payload: string) => void>()
  const listen: Listen = async (channel, onMessage) => {
    heard.set(channel, onMessage)
    return async () => {
      heard.delete(channel)
    }
  }
  return { listen, notify: (channel: string, payload: string) => heard.get(channel)?.(payload) }
}

const emptyPage: OfferPage = { offers: [], next: null, answers: new Map() }

test('runners searching from one place share one read, and any order change drops it', async () => {
  const channel = fakeChannel()
  const pages = offerPages(channel.listen)
  let reads = 0
  const read = async () => {
    reads++
    return emptyPage
  }
  await Promise.all([pages.get('40.5,-74.4|', read), pages.get('40.5,-74.4|', read), pages.get('40.5,-74.4|', read)])
  expect(reads).toBe(1)
  await pages.get('40.5,-74.4|', read)
  expect(reads).toBe(1)
  await pages.get('40.3,-74.6|', read)
  expect(reads).toBe(2)

  channel.notify(orderOutbox.changed, crypto.randomUUID())
  await pages.get('40.5,-74.4|', read)
  await pages.get('40.3,-74.6|', read)
  expect(reads).toBe(4)
})

test('a change during a read is not hidden by it: the next runner reads again', async () => {
  const channel = fakeChannel()
  const pages = offerPages(channel.listen)
  let reads = 0
  const reading = Promise.withResolvers<void>()
  const page = Promise.withResolvers<OfferPage>()
  const slowRead = () => {
    reads++
    reading.resolve()
    return page.promise
  }
  const during = pages.get('here', slowRead)
  await reading.promise
  channel.notify(orderOutbox.changed, crypto.randomUUID())
  page.resolve(emptyPage)
  await during
  await pages.get('here', async () => {
    reads++
    return emptyPage
  })
  expect(reads).toBe(2)
})

test('a failed read is not kept', async () => {
  const pages = offerPages(fakeChannel().listen)
  await expect(pages.get('here', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone')
  expect(await pages.get('here', async () => emptyPage)).toEqual(emptyPage)
})
