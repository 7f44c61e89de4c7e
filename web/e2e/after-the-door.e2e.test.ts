import { describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright'
import { expectComfortableLayout, heading } from './account-steps'
import { useServerAndBrowser } from './harness'
import { orderSteps } from './order-steps'
import { cameraPhoto, shotAt } from './phone-shots'

/**
 * After the door, in two browser contexts at phone size: the order delivered, the buyer and the
 * runner rate each other and each sees the other's rating only once both have; the buyer reports
 * a missing item with a photo; support resolves it with the CLI beside the running server,
 * refunding the tip; and the buyer sees the problem resolved and the refund on the order, live.
 */
const env = useServerAndBrowser()
const { url, buyerWithOrder, runnerRavi } = orderSteps(env)

const LIVE_MS = 5_000

const heroTitle = (page: Page, title: string) => page.locator('.tracking-hero__title').getByText(title, { exact: true }).waitFor({ timeout: LIVE_MS })

/** Stars and a comment in the rating prompt, then Send. */
async function rate(page: Page, stars: number, comment: string) {
  const prompt = page.getByRole('region', { name: 'Rate this delivery' })
  await prompt
    .getByRole('radio', { name: `${stars} stars` })
    .locator('xpath=..')
    .click()
  await prompt.getByLabel('Comment (optional)').fill(comment)
  await prompt.getByRole('button', { name: 'Send Rating' }).click()
  const ratings = page.getByRole('region', { name: 'Ratings' })
  await ratings.getByText('Thanks for your rating.').waitFor()
  return ratings
}

/** A rating in the Ratings region: who rated whom, its stars, and its comment when it has one. */
async function ratingShown(ratings: Locator, who: string, stars: number, comment?: string) {
  await ratings.getByText(who).waitFor()
  await ratings.getByRole('img', { name: `${stars} of 5 stars` }).waitFor()
  if (comment) await ratings.getByText(comment).waitFor()
}

/** The support CLI, run against the test server's embedded database while the server holds it (through its socket). */
async function supportCli(...args: string[]) {
  const cli = Bun.spawn(['bun', 'cli/index.ts', ...args], {
    env: { ...process.env, DATA_DIR: env.server.dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([new Response(cli.stdout).text(), new Response(cli.stderr).text(), cli.exited])
  if (code !== 0) throw new Error(`bun cli/index.ts ${args.join(' ')} exited ${code}: ${err}`)
  return out
}

describe('after the door', () => {
  test('two-way ratings shown once both have rated, a missing item reported with a photo, and support refunding the tip from the CLI', async () => {
    const { buyer, order } = await buyerWithOrder('(732) 555-0180')
    const missingItem = order.items[0]!.name
    const runner = await runnerRavi('(732) 555-0181')
    expect((await runner.request.patch(url(`/api/orders/${order.id}/accept`))).status()).toBe(200)

    await buyer.goto(url(`/order/${order.id}`))
    await heading(buyer, 'Track Order')
    await runner.goto(url(`/delivery/${order.id}`))
    await heading(runner, 'Active Delivery')

    // Everything found, picked up and delivered.
    for (const checkbox of await runner.locator('.shopping-line').getByRole('checkbox').all()) await checkbox.check()
    await runner.getByRole('button', { name: 'MARK AS PICKED UP' }).click()
    await runner.getByText('Items picked up from store').waitFor()
    await runner.getByRole('button', { name: 'MARK AS DELIVERED' }).click()
    await runner.getByRole('dialog', { name: 'Mark as delivered?' }).getByRole('button', { name: 'Mark as Delivered' }).click()
    await runner.locator('.delivery-status__title').getByText('Delivered', { exact: true }).waitFor()
    await heroTitle(buyer, 'Delivered')

    // Both are asked for stars and a comment.
    const buyerPrompt = buyer.getByRole('region', { name: 'Rate this delivery' })
    await buyerPrompt.getByRole('group', { name: 'How was Ravi?' }).waitFor()
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'after-door-tracking-rate-phone', buyerPrompt)
    const runnerPrompt = runner.getByRole('region', { name: 'Rate this delivery' })
    await runnerPrompt.getByRole('group', { name: 'How was Meera?' }).waitFor()
    await expectComfortableLayout(runner)
    await shotAt(runner, 'after-door-delivery-rate-phone', runnerPrompt)

    // The buyer rates first: they see their own rating, and not yet the runner's.
    const buyerRatings = await rate(buyer, 5, 'Found everything and kept the eggs safe')
    await ratingShown(buyerRatings, 'You rated Ravi', 5)
    await buyerRatings.getByText('Not yet: you will see it here once they have.').waitFor()
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'after-door-tracking-rated-waiting-phone', buyerRatings)

    // The runner, not having rated, is not shown the buyer's rating, even after a reload.
    await runner.reload()
    await runnerPrompt.waitFor()
    expect(await runner.getByText('Found everything and kept the eggs safe').count()).toBe(0)
    const runnerRatings = await rate(runner, 4, 'Friendly, and the door code worked')
    await runnerRatings.getByRole('img', { name: '4 of 5 stars' }).waitFor()
    await ratingShown(runnerRatings, 'Meera rated you', 5, 'Found everything and kept the eggs safe')
    await expectComfortableLayout(runner)
    await shotAt(runner, 'after-door-delivery-both-rated-phone', runnerRatings)

    // Both have rated: the buyer sees the runner's rating too.
    await buyer.reload()
    await ratingShown(buyerRatings, 'Ravi rated you', 4, 'Friendly, and the door code worked')
    await shotAt(buyer, 'after-door-tracking-both-rated-phone', buyerRatings)

    // The buyer reports a missing item, with a photo of what came.
    const problems = buyer.getByRole('region', { name: 'Problems' })
    await problems.getByRole('button', { name: 'Report a problem' }).click()
    const form = problems.getByRole('form', { name: 'Report a problem' })
    await form.getByLabel('What went wrong?').selectOption({ label: 'Items missing' })
    await form.getByLabel('Details').fill(`No ${missingItem} in the bags, though it was ticked as found.`)
    await form.getByLabel('Photo (optional)').setInputFiles(await cameraPhoto(buyer, 'WHAT CAME'))
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'after-door-problem-form-phone', form)
    await form.getByRole('button', { name: 'Send Report' }).click()
    await problems.getByText('Thanks. Kirana support will look into it, and the other party has been told.').waitFor()
    const reported = problems.getByRole('list', { name: 'Reported problems' }).getByRole('listitem')
    await reported.getByText('Open', { exact: true }).waitFor()
    const photoUrl = await reported.getByRole('link', { name: 'View photo' }).getAttribute('href')
    const photoAnswer = await buyer.request.get(url(photoUrl!))
    expect([photoAnswer.status(), photoAnswer.headers()['content-type']]).toEqual([200, 'image/jpeg'])
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'after-door-problem-open-phone', problems)

    // Support finds it among the open problems and resolves it with the tip refunded, while the server runs.
    const open = JSON.parse(await supportCli('orders', 'problems', '--open', '--json')) as { id: string; orderId: string; kind: string; details: string }[]
    const problem = open.find((candidate) => candidate.orderId === order.id)!
    expect(problem).toMatchObject({ kind: 'missing_items', details: expect.stringContaining(missingItem) })
    const resolved = await supportCli('orders', 'resolve', problem.id, '--note', 'Sorry about that: we refunded your tip.', '--refund', 'tip')
    expect(resolved).toContain('This refund: $5.00')
    expect(resolved).toContain('After: $5.00 of $7.00 refunded; $2.00 left.')

    // The buyer sees it resolved and the refund at once, without a reload, on tracking and on the order's detail.
    await reported.getByText('Resolved', { exact: true }).waitFor()
    await reported.getByText('Support: Sorry about that: we refunded your tip.').waitFor()
    await reported.getByText('Refunded $5.00 to the card').waitFor()
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'after-door-problem-resolved-phone', problems)
    const payment = buyer.getByRole('region', { name: 'Payment' })
    await payment.getByText('Refunded to your card: $5.00').waitFor()
    await payment.getByRole('list', { name: 'Refunds' }).getByText('Sorry about that: we refunded your tip.', { exact: false }).waitFor()
    await shotAt(buyer, 'after-door-payment-refunded-phone', payment)
    const answer = await buyer.request.get(url(`/api/orders/${order.id}`))
    expect((await answer.json()).order).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: '5.00' })

    await buyer.goto(url(`/orders/${order.id}`))
    const reminder = buyer.getByRole('region', { name: 'Payment Reminder' })
    await reminder.getByText('$5.00 of it was refunded to your card', { exact: false }).waitFor()
    await buyer.getByRole('region', { name: 'Problems' }).getByText('Refunded $5.00 to the card').waitFor()
    await expectComfortableLayout(buyer)
    await shotAt(buyer, 'after-door-detail-refunded-phone', reminder)

    // The runner's earnings on it are the ledger's: the fee that is left after the tip went back.
    await runner.goto(url(`/orders/${order.id}`))
    const earnings = runner.getByRole('region', { name: 'Your Earnings' })
    await earnings.getByText('less refunds: $2.00', { exact: false }).waitFor()
    await earnings.getByText('Refunded to the buyer: $5.00').waitFor()
    await expectComfortableLayout(runner)
    await shotAt(runner, 'after-door-runner-earnings-refunded-phone', earnings)

    await buyer.context().close()
    await runner.context().close()
  })
})
