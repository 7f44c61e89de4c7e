import { afterAll, describe, expect, test } from 'bun:test'
import { censusGeocoder } from './census'

// A stand-in for the Census Bureau's geocoder on loopback, answering the one endpoint we call.
const asked: URL[] = []
const fake = Bun.serve({
  port: 0,
  fetch(request) {
    const url = new URL(request.url)
    asked.push(url)
    if (url.searchParams.get('street') === '1 Nowhere Ln') return Response.json({ result: { addressMatches: [] } })
    return Response.json({ result: { addressMatches: [{ coordinates: { x: -74.3501, y: 40.5302 } }] } })
  },
})
afterAll(() => fake.stop(true))

const address = { address: '1605 Oak Tree Rd', city: 'Edison', state: 'NJ', zipCode: '08820' }

describe('the Census geocoder', () => {
  test('asks for the one-line address and returns its coordinates', async () => {
    const found = await censusGeocoder(`http://127.0.0.1:${fake.port}`).geocode(address)
    expect(found).toEqual({ latitude: 40.5302, longitude: -74.3501 })
    const url = asked.at(-1)!
    expect(url.pathname).toBe('/geocoder/locations/address')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ street: '1605 Oak Tree Rd', city: 'Edison', state: 'NJ', zip: '08820', format: 'json' })
  })

  test('an address it cannot match still gets its ZIP centre', async () => {
    const found = await censusGeocoder(`http://127.0.0.1:${fake.port}`).geocode({ ...address, address: '1 Nowhere Ln', zipCode: '08817' })
    expect(found?.latitude).toBeCloseTo(40.5171, 3)
  })

  test('when the service is down, the ZIP centre stands in; an unknown ZIP is null', async () => {
    const closed = censusGeocoder('http://127.0.0.1:9', 500)
    expect((await closed.geocode(address))?.longitude).toBeCloseTo(-74.3591, 1)
    expect(await closed.geocode({ ...address, zipCode: '00000' })).toBeNull()
  })
})
