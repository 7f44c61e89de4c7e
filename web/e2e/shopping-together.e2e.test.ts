import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright'
import { expectComfortableLayout, heading } from './account-steps'
import { useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { cameraPhoto, shotAt } from './phone-shots'

/** Whether a photo on the page shows: decode() waits for it to arrive (it may still be loading as its card appears) and fails for a broken one. */
const loadedImage = (image: HTMLImageElement) =>
  image.decode().then(
    () => image.naturalWidth > 0,
    () => false,
  )

/**
 * Shopping together, in two browser contexts at phone size: the runner offers a replacement and
 * the buyer approves it live; they chat; the runner photographs the receipt and enters the total
 * at pick-up; the buyer sees the photo and confirms the total; the runner leaves a doorstep photo
 * and delivers. Every change reaches the other screen over the order's stream, without a reload.
 */
const env = useServerAndBrowser()
const { url, buyerWithOrder, runnerRavi } = orderSteps(env)

/** Within this, a change must have come over the live stream: polling would take 30 s. */
const LIVE_MS = 5_000

const shoppingLine = (page: Page, name: string) =>
  page
    .locator('.shopping-line')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('xpath=..')
const trackingLine = (page: Page, name: string) => page.locator('.tracking-item').filter({ has: page.getByText(name, { exact: true }) })

describe('shopping together', () => {
  test('a replacement approved live, a chat, the receipt and its total confirmed, and a doorstep photo', async () => {
    const { buyer, order } = await buyerWithOrder('(732) 555-0170')
    const [missing, second, third] = order.items.map((item) => item.name) as [string, string, string]
    const runner = await runnerRavi('(732) 555-0171')
    const accepted = await runner.request.patch(url(`/api/orders/${order.id}/accept`))
    expect(accepted.status()).toBe(200)

    await buyer.goto(url(`/order/${order.id}`))
    await heading(buyer, 'Track Order')
    await buyer.getByText('Live', { exact: true }).waitFor()
    let buyerLoads = 0
    buyer.on('load', () => buyerLoads++)
    await runner.goto(url(`/delivery/${order.id}`))
    await heading(runner, 'Active Delivery')
    await runner.getByText('Live', { exact: true }).waitFor()

    // The first item is not on the shelf: the runner offers a replacement, which waits for the buyer.
    const line = shoppingLine(runner, missing)
    await line.getByRole('button', { name: `Can't find it? (${missing})` }).click()
    await line.getByLabel('Replacement').fill('Swad brand, same size')
    await line.getByLabel('Price in dollars (optional)').fill('4.99')
    await line.getByLabel('Note for the customer (optional)').fill('Only brand they have today')
    await shotAt(runner, 'shopping-replacement-form-phone', line)
    await line.getByRole('button', { name: 'Ask Customer' }).click()
    await line.getByText('Waiting for the customer to answer').waitFor()
    await shotAt(runner, 'shopping-replacement-waiting-phone', line)

    const answer = buyer.getByRole('group', { name: `Replace ${missing} with Swad brand, same size?` })
    await answer.waitFor({ timeout: LIVE_MS })
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'tracking-replacement-proposed-phone', answer)
    await answer.getByRole('button', { name: 'Approve' }).click()
    await trackingLine(buyer, missing).getByText('Approved').waitFor()
    await line.getByText('Approved').waitFor({ timeout: LIVE_MS })
    await shotAt(buyer, 'tracking-replacement-approved-phone', trackingLine(buyer, missing))

    // They chat: each message arrives on the other phone by itself, counted until the chat is opened.
    await buyer.getByRole('button', { name: /^Chat with Ravi/ }).click()
    const buyerField = buyer.getByLabel('Message to Ravi')
    await buyerField.fill('Thanks! Could you get the ripe mangoes too if they have them?')
    await buyerField.press('Enter')
    await buyer.getByRole('log', { name: 'Messages with Ravi' }).getByText('Could you get the ripe mangoes').waitFor()
    expect(await buyerField.inputValue()).toBe('')
    const runnerChat = runner.getByRole('button', { name: /^Chat with Meera/ })
    await runnerChat.getByText('1 new message').waitFor({ timeout: LIVE_MS })
    await shotAt(runner, 'delivery-chat-unread-phone', runnerChat)
    await runnerChat.click()
    await runner.getByLabel('Message to Meera').fill('Sure, picking two now.')
    await runner.getByRole('button', { name: 'Send' }).click()
    await runner.getByRole('log', { name: 'Messages with Meera' }).getByText('Sure, picking two now.').waitFor()
    await shotAt(runner, 'delivery-chat-phone', runner.getByRole('log', { name: 'Messages with Meera' }))
    await buyer.getByRole('log', { name: 'Messages with Ravi' }).getByText('Sure, picking two now.').waitFor({ timeout: LIVE_MS })
    await shotAt(buyer, 'tracking-chat-phone', buyer.getByRole('log', { name: 'Messages with Ravi' }))

    // The rest is found; the receipt is photographed and its total entered at pick-up.
    await shoppingLine(runner, second).getByRole('checkbox').check()
    await shoppingLine(runner, third).getByRole('checkbox').check()
    const receiptCard = runner.getByRole('region', { name: 'Receipt photo' })
    await receiptCard.locator('input[type="file"]').setInputFiles(await cameraPhoto(runner, 'PATEL RECEIPT'))
    await receiptCard.getByText('Uploaded.').waitFor()
    await receiptCard.getByRole('button', { name: 'Retake Photo' }).waitFor()
    await shotAt(runner, 'delivery-receipt-uploaded-phone', receiptCard)
    await runner.getByLabel('Actual grocery total (optional)').fill('23.45')
    await runner.getByRole('button', { name: 'MARK AS PICKED UP' }).click()
    await runner.getByText('Items picked up from store').waitFor()

    // The buyer sees the receipt and the total before the door, and confirms it.
    const groceries = buyer.getByRole('region', { name: 'Receipt and total' })
    await groceries.getByText('$23.45', { exact: true }).waitFor({ timeout: LIVE_MS })
    await groceries.getByRole('button', { name: /Store receipt/ }).waitFor()
    expect(await groceries.locator('img').evaluate(loadedImage)).toBe(true)
    await shotAt(buyer, 'tracking-receipt-total-phone', groceries)
    await groceries.getByRole('button', { name: /Store receipt/ }).click()
    await shotAt(buyer, 'tracking-receipt-enlarged-phone', buyer.getByRole('dialog', { name: 'Store receipt' }))
    await buyer.getByRole('dialog', { name: 'Store receipt' }).getByRole('button', { name: 'Close' }).click()
    await groceries.getByRole('button', { name: 'Confirm Total' }).click()
    await groceries.getByRole('button', { name: 'Total Confirmed' }).waitFor()
    await groceries.getByText(/^You confirmed \$23\.45 at /).waitFor()
    await shotAt(buyer, 'tracking-total-confirmed-phone', groceries)

    // At the door: a doorstep photo, then delivered; the buyer sees where the groceries are.
    const doorCard = runner.getByRole('region', { name: 'Doorstep photo' })
    await doorCard.locator('input[type="file"]').setInputFiles(await cameraPhoto(runner, 'FRONT DOOR'))
    await doorCard.getByText('Uploaded.').waitFor()
    await runner.getByRole('button', { name: 'MARK AS DELIVERED' }).click()
    await runner.getByRole('dialog', { name: 'Mark as delivered?' }).getByRole('button', { name: 'Mark as Delivered' }).click()
    await runner.locator('.delivery-status__title').getByText('Delivered', { exact: true }).waitFor()
    await shotAt(runner, 'delivery-doorstep-photo-phone', doorCard)

    const door = buyer.getByRole('region', { name: 'Left at your door' })
    await door.waitFor({ timeout: LIVE_MS })
    expect(await door.locator('img').evaluate(loadedImage)).toBe(true)
    expect(buyerLoads).toBe(0)
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'tracking-delivered-doorstep-phone', door)

    await buyer.context().close()
    await runner.context().close()
  })
})
