import { describe, expect, test } from 'bun:test'
import { testApi } from '../../testing/test-api'

const imageSources = (policy: string) => /img-src ([^;]*)/.exec(policy)![1]!.split(' ')

describe('the tracking map settings', () => {
  test('with no MAP_TILE_URL (the default) the map has no tiles, and the pages load images from no map server', async () => {
    const { call, app } = await testApi()
    const answer = await call('GET', '/api/tracking/map')
    expect(answer).toMatchObject({ status: 200, body: { tileUrl: null, attribution: null } })
    const page = await app.handle(new Request('http://localhost/api/tracking/map'))
    expect(imageSources(page.headers.get('content-security-policy')!)).toEqual(["'self'", 'data:', 'blob:', 'https://*.stripe.com', 'https://www.gstatic.com'])
  })

  test("the operator's tiles and credit reach anyone, signed in or not, and the tile server is let into img-src", async () => {
    const env = { MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors' }
    const { call, app } = await testApi({ env })
    expect(await call('GET', '/api/tracking/map')).toMatchObject({ status: 200, body: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION } })
    const page = await app.handle(new Request('http://localhost/api/tracking/map'))
    expect(imageSources(page.headers.get('content-security-policy')!)).toContain('https://*.tiles.example.net')
  })
})
