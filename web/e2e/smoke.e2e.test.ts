import { describe, expect, test } from 'bun:test'
import { newPage, screenshot, useServerAndBrowser } from './harness'

describe('the started server in Chromium', () => {
  const env = useServerAndBrowser()

  test('a signed-out visitor at / sees the landing page', async () => {
    const { page, context } = await newPage(env.browser)
    await page.goto(`${env.server.url}/`)
    await page.getByText('Get Started').first().waitFor()
    expect(page.url()).toBe(`${env.server.url}/`)
    await screenshot(page, 'smoke-root-phone')
    await context.close()
  })
})
