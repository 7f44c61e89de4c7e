import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { preparedDatabase, runCli } from '../testing/cli'
import { jpegWithGps, smallPng } from '../testing/photos'

// What support reads of one order's life after the door: its replacement, both ratings, the
// problems with their photos, and every refund, made through the API on the file's test database
// before the CLI reads it.
const made = {
  delivered: '',
  late: '',
  damaged: '',
  damagedPhoto: new Uint8Array(),
  twoPhotos: '',
  twoPhotosProblems: [] as string[],
  twin: '',
}

const database = preparedDatabase(async (api) => {
  // The CLI's clock is the real one: the order was delivered just now, so problems may still be reported.
  api.clock.set(new Date())
  const store = await api.addStore({ name: 'CLI Desk Store', latitude: 40.52, longitude: -74.3973 })
  const { buyer, runner, order } = await api.acceptedOrder(store, { buyerName: 'Meera', runnerName: 'Ravi' })
  const line = order.items[0]!
  await api.call('PATCH', `/api/orders/${order.id}/items/${line.id}`, {
    cookie: runner.cookie,
    body: { state: 'substituted', replacement: { name: 'Sona Masoori Rice 10 lb', price: '16.99', note: 'Same brand' } },
  })
  await api.call('POST', `/api/orders/${order.id}/items/${line.id}/substitution`, { cookie: buyer.cookie, body: { decision: 'approve' } })
  const found = order.items.map((item) => ({ id: item.id, isDelivered: true }))
  await api.call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'picked_up', itemCompletionData: found } })
  await api.call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body: { status: 'delivered' } })
  await api.call('POST', `/api/orders/${order.id}/rating`, { cookie: buyer.cookie, body: { stars: 4, comment: 'Found the fresh methi' } })
  await api.call('POST', `/api/orders/${order.id}/rating`, { cookie: runner.cookie, body: { stars: 5 } })
  made.delivered = order.id

  const report = async (orderId: string, cookie: string, kind: string, details: string, photo?: Uint8Array) => {
    const form = new FormData()
    form.append('kind', kind)
    form.append('details', details)
    if (photo) form.append('photo', new File([photo as Uint8Array<ArrayBuffer>], 'photo.jpg', { type: 'image/jpeg' }))
    const response = await api.app.handle(new Request(`http://localhost/api/orders/${orderId}/problems`, { method: 'POST', body: form, headers: { cookie } }))
    return ((await response.json()) as { problem: { id: string; photoUrl: string | null } }).problem
  }
  made.late = (await report(order.id, buyer.cookie, 'late', 'Over an hour late')).id
  const damaged = await report(order.id, buyer.cookie, 'damaged', 'The eggs were broken', await jpegWithGps())
  made.damaged = damaged.id
  // The photo as the buyer's app is served it: stripped and re-encoded when it came in.
  made.damagedPhoto = new Uint8Array(
    await (await api.app.handle(new Request(`http://localhost${damaged.photoUrl}`, { headers: { cookie: buyer.cookie } }))).arrayBuffer(),
  )

  const other = await api.acceptedOrder(store, { buyerName: 'Asha', runnerName: 'Kavya' })
  made.twoPhotos = other.order.id
  for (const [details, photo] of [
    ['Bag torn', await jpegWithGps()],
    ['Wrong brand', await smallPng()],
  ] as const) {
    made.twoPhotosProblems.push((await report(other.order.id, other.buyer.cookie, 'other', details, photo)).id)
  }
  // One in four billion problems shares its first 8 characters with another: a copy of one under such an id.
  made.twin = `${made.twoPhotosProblems[0]!.slice(0, 8)}${crypto.randomUUID().slice(8)}`
  await api.db.execute(sql`insert into order_problems (id, order_id, reporter_id, kind, details, created_at)
    select ${made.twin}, order_id, reporter_id, kind, 'A twin', created_at from order_problems where id = ${made.twoPhotosProblems[0]!}`)
})

const cli = (...args: string[]) => runCli(database, ['orders', ...args])
const outDir = mkdtempSync(join(tmpdir(), 'kirana-cli-photos-'))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('orders show, for support', () => {
  test('shows the replacement, both ratings, the problems and each refund', async () => {
    expect((await cli('resolve', made.late, '--note', 'Tip refunded for the wait', '--refund', 'tip')).code).toBe(0)
    const shown = await cli('show', made.delivered)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('replaced by Sona Masoori Rice 10 lb  $16.99  approved')
    expect(shown.stdout).toContain("runner's note: Same brand")
    expect(shown.stdout).toMatch(/ratings {4}buyer gave the runner 4 of 5 "Found the fresh methi" \(.*\); runner gave the buyer 5 of 5 \(/)
    expect(shown.stdout).toMatch(new RegExp(`${made.damaged}  damaged by the buyer \\(Meera.*\\)  open  with a photo`))
    expect(shown.stdout).toMatch(new RegExp(`${made.late}  late by the buyer \\(Meera.*\\)  resolved, refunded \\$5\\.00`))
    expect(shown.stdout).toContain('resolved ')
    expect(shown.stdout).toContain(': Tip refunded for the wait')
    expect(shown.stdout).toContain('refunds    $5.00 of the $7.00 fee and tip given back')
    expect(shown.stdout).toMatch(new RegExp(`\\$5\\.00  fee and tip  succeeded  problem:${made.late}:refund`))

    const json = JSON.parse((await cli('show', made.delivered, '--json')).stdout)
    expect(json.problems.map((problem: { id: string }) => problem.id).sort()).toEqual([made.late, made.damaged].sort())
    expect(json.payment.refunds).toMatchObject([{ amount: '5.00', status: 'succeeded', key: `problem:${made.late}:refund` }])
    expect(json.order.items[0].substitution).toMatchObject({ name: 'Sona Masoori Rice 10 lb', status: 'approved' })
    expect(json.order).toMatchObject({ myRating: { stars: 4 }, theirRating: { stars: 5 } })
  }, 60_000)
})

describe('naming a problem', () => {
  test('the id the payment timeline prints finds its problem', async () => {
    const shown = (await cli('show', made.delivered)).stdout
    const printed = /refunded \$5\.00: problem ([0-9a-f]{8}): Tip refunded/.exec(shown)?.[1]
    expect(printed).toBe(made.late.slice(0, 8))
    // The timeline printed the last 8 characters, as order numbers are, before it printed the first.
    for (const reference of [printed!, made.late.slice(-8).toUpperCase()]) {
      const again = await cli('resolve', reference, '--note', 'again')
      expect(again.code).toBe(1)
      expect(again.stderr.trim()).toBe(`Problem ${made.late} was already resolved: Tip refunded for the wait`)
    }
  }, 60_000)

  test('so does its first 8 characters, in any case', async () => {
    const resolved = await cli('resolve', made.damaged.slice(0, 8).toUpperCase(), '--note', 'Sorry about the eggs')
    expect(resolved.code).toBe(0)
    expect(resolved.stdout).toContain(`Resolved problem ${made.damaged} on order #`)
  }, 60_000)

  test('8 characters two problems share list both and exit 1, resolving nothing', async () => {
    const prefix = made.twin.slice(0, 8)
    const run = await cli('resolve', prefix, '--note', 'which one?')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`Problem ${prefix} matches 2 problems; give more of the id:`)
    expect(run.stderr).toContain(made.twin)
    expect(run.stderr).toContain(made.twoPhotosProblems[0]!)
    const open = JSON.parse((await cli('problems', '--open', '--json')).stdout).map((problem: { id: string }) => problem.id)
    expect(open).toContain(made.twin)
    expect(open).toContain(made.twoPhotosProblems[0]!)
  }, 60_000)

  test('an unknown problem exits 1 with one line', async () => {
    const run = await cli('resolve', crypto.randomUUID(), '--note', 'x')
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toStartWith('No problem ')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  }, 60_000)
})

describe('orders photo', () => {
  test("saves a problem's photo, as the buyer's app is served it, by the problem or by its order", async () => {
    const byProblem = join(outDir, 'by-problem.jpg')
    const run = await cli('photo', made.damaged, '--out', byProblem)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Saved the photo of problem ${made.damaged} on order #${made.delivered.slice(-8).toUpperCase()} (image/jpeg, `)
    expect(new Uint8Array(readFileSync(byProblem))).toEqual(made.damagedPhoto)
    const byOrder = join(outDir, 'by-order.jpg')
    expect((await cli('photo', made.delivered.slice(-8), '--out', byOrder)).code).toBe(0)
    expect(new Uint8Array(readFileSync(byOrder))).toEqual(made.damagedPhoto)
  }, 60_000)

  test('an order whose problems have two photos lists them, and each is saved by its problem', async () => {
    const two = await cli('photo', made.twoPhotos, '--out', join(outDir, 'two.jpg'))
    expect(two.code).toBe(1)
    expect(two.stderr).toContain(`2 problems on order #${made.twoPhotos.slice(-8).toUpperCase()} have photos; name one:`)
    for (const id of made.twoPhotosProblems) expect(two.stderr).toContain(id)
    const png = join(outDir, 'second.png')
    expect((await cli('photo', made.twoPhotosProblems[1]!, '--out', png)).stdout).toContain('(image/png, ')
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG')
  }, 60_000)

  test('a problem without a photo, or a name nothing answers to, exits 1 with one line', async () => {
    const none = await cli('photo', made.late, '--out', join(outDir, 'none.jpg'))
    expect(none.code).toBe(1)
    expect(none.stderr.trim()).toBe(`Problem ${made.late} has no photo.`)
    const nothing = await cli('photo', crypto.randomUUID(), '--out', join(outDir, 'nothing.jpg'))
    expect(nothing.code).toBe(1)
    expect(nothing.stderr.trim()).toStartWith('No problem or order ')
  }, 60_000)
})
