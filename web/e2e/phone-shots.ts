import type { Page } from 'playwright'
import { DESKTOP, PHONE, SCREENSHOT_DIR } from './harness'

/**
 * Waits until the animations that end (a dialog rising; not a pulsing dot) have ended, a second
 * at most. One cancelled midway (its element replaced) counts as ended: its promise rejects.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() => {
    const opening = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
    const ended = opening.map((animation) => animation.finished.catch(() => undefined))
    return Promise.race([Promise.all(ended), new Promise((settle) => setTimeout(settle, 1000))])
  })
}

/** What is on screen now, once animations that end have ended. */
export async function viewportShot(page: Page, name: string) {
  await animationsSettled(page)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` })
}

/** What is on screen with `target` scrolled to its middle, once animations that end have ended. */
export async function shotAt(page: Page, name: string, target = page.locator('body')) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await viewportShot(page, name)
}

/** A small JPEG drawn in the page (a receipt's look, the label on top), as a phone's camera would hand it over. */
export async function cameraPhoto(page: Page, label: string) {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas')
    canvas.width = 480
    canvas.height = 640
    const context = canvas.getContext('2d')!
    context.fillStyle = '#f4efe6'
    context.fillRect(0, 0, 480, 640)
    context.fillStyle = '#2b1d14'
    context.font = 'bold 36px sans-serif'
    context.fillText(text, 40, 120)
    context.font = '28px sans-serif'
    for (const [index, word] of text.split(' ').entries()) context.fillText(`${word} ........ ${(index + 3).toFixed(2)}`, 40, 220 + index * 50)
    return canvas.toDataURL('image/jpeg', 0.8)
  }, label)
  return { name: `${label.toLowerCase().replace(/\W+/g, '-')}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') }
}

/** The same as shotAt with the page at desktop size (1280×800) for the shot, then back at phone size. */
export async function desktopShotAt(page: Page, name: string, target = page.locator('body')) {
  await page.setViewportSize(DESKTOP)
  await shotAt(page, name, target)
  await page.setViewportSize(PHONE)
}
