import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Support at work while buyers shop: the real server runs on an embedded database, an order is
// placed through its API as the app would, and the CLI reads it while the server keeps serving.
const dataDir = mkdtempSync(join(tmpdir(), 'kirana-cli-server-'))
const port = freePort()
const base = `http://127.0.0.1:${port}`
let server: Bun.Subprocess
const placed = { orderId: '', runner: '' }

function freePort() {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const found = probe.port!
  probe.stop(true)
  return found
}

async function untilHealthy() {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`)
    if (
      await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await Bun.sleep(100)
  }
  throw new Error('The server did not become healthy within 30 s')
}

async function call(method: string, path: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(cookie && { cookie }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('kirana_sid='))
  return { body: (await response.json()) as Record<string, unknown>, cookie: setCookie?.split(';')[0] }
}

/** Someone signed up with a test phone (code 123456), verified, and with a profile at Edison's 08817. */
async function person(firstName: string, phone: string, roles: string[]) {
  const names = { firstName, lastName: 'Tester' }
  const { cookie } = await call('POST', '/api/register', {
    ...names,
    email: `${firstName.toLowerCase()}@example.com`,
    phone,
    password: 'correct horse battery',
  })
  await call('POST', '/api/verification/send-code', { phone }, cookie)
  await call('PATCH', '/api/user/verify-phone', { phone, verificationCode: '123456' }, cookie)
  await call('POST', '/api/auth/complete-profile', { ...names, roles, address: '12 Oak Tree Rd', city: 'Edison', state: 'NJ', zipCode: '08817' }, cookie)
  return cookie!
}

beforeAll(async () => {
  server = Bun.spawn(['bun', 'index.ts'], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1' },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  await untilHealthy()
  placed.runner = await person('Ravi', '(732) 555-0102', ['runner'])
  const buyer = await person('Meera', '(732) 555-0101', ['buyer'])
  const [store] = (await call('GET', '/api/stores/nearby?zipCode=08817')).body as unknown as { id: string }[]
  const shelf = (await call('GET', `/api/items?storeId=${store!.id}`, undefined, buyer)).body as unknown as { id: string }[]
  const intent = (await call('POST', '/api/create-payment-intent', { amount: 7 }, buyer)).body as { clientSecret: string; paymentIntentId: string }
  await call('POST', '/api/payments/embedded/confirm', {
    clientSecret: intent.clientSecret,
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  })
  const items = [
    { id: shelf[0]!.id, quantity: 2, comment: 'Ripe ones, please' },
    { id: shelf[1]!.id, quantity: 1 },
  ]
  const order = await call(
    'POST',
    '/api/confirm-payment-and-create-order',
    { paymentIntentId: intent.paymentIntentId, orderData: { storeId: store!.id, items, tip: 5 } },
    buyer,
  )
  placed.orderId = (order.body.order as { id: string }).id
}, 60_000)

afterAll(async () => {
  server.kill('SIGTERM')
  await server.exited
  rmSync(dataDir, { recursive: true, force: true })
})

/** The CLI as support runs it, on the data directory the server has open. */
async function cli(...args: string[]) {
  const run = Bun.spawn(['bun', 'cli/index.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited])
  return { code, stdout, stderr }
}

/** What the runner has been told, newest first, once it includes `type` or after 10 s. */
async function runnerHears(type: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const { notifications } = (await call('GET', '/api/notifications', undefined, placed.runner)).body as {
      notifications: { data: { type: string; orderId: string; url?: string } }[]
    }
    if (notifications.some((note) => note.data.type === type) || Date.now() > deadline) return notifications.map((note) => note.data)
    await Bun.sleep(100)
  }
}

describe('the CLI beside a running server on the embedded database', () => {
  test('orders list and orders show read the order while the server keeps answering', async () => {
    const health = Array.from({ length: 20 }, () => call('GET', '/api/health'))
    const [list, shown] = await Promise.all([cli('orders', 'list', '--json'), cli('orders', 'show', placed.orderId)])
    expect(list.stderr).toBe('')
    expect((JSON.parse(list.stdout) as { id: string }[]).map((order) => order.id)).toEqual([placed.orderId])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain(`Order ${placed.orderId}`)
    expect(shown.stdout).toContain('Meera Tester')
    expect(shown.stdout).toMatch(/\n {4}2 x .+\n {6}buyer's note: Ripe ones, please\n/)
    expect(shown.stdout).toContain('ours authorized, gateway requires_capture')
    for (const answer of await Promise.all(health)) expect(answer.body).toEqual({ status: 'ok', db: 'pglite' })
  }, 30_000)

  test("support's cancel releases the hold, and the runner who was told of the order hears at once that it is gone", async () => {
    expect(await runnerHears('new_order_nearby')).toEqual([{ type: 'new_order_nearby', orderId: placed.orderId, url: '/runner' }])
    const run = await cli('orders', 'cancel', placed.orderId.slice(-8), '--reason', 'buyer phoned')
    expect(run.stderr).toBe('')
    expect(run.stdout).toStartWith(`Cancelled order ${placed.orderId}`)
    // Within seconds: the server's dispatcher wakes on the NOTIFY the CLI's cancel raised through the socket, not on its once-a-minute round.
    expect(await runnerHears('order_withdrawn')).toEqual([
      { type: 'order_withdrawn', orderId: placed.orderId, url: '/runner' },
      { type: 'new_order_nearby', orderId: placed.orderId, url: '/runner' },
    ])
    const list = JSON.parse((await cli('orders', 'list', '--json')).stdout) as { status: string; paymentStatus: string }[]
    expect(list).toMatchObject([{ status: 'cancelled', paymentStatus: 'cancelled' }])
  }, 30_000)

  test('db status says it went through the server', async () => {
    const status = JSON.parse((await cli('db', 'status', '--json')).stdout)
    expect(status).toMatchObject({ engine: 'pglite', pending: 0 })
    expect(status.where).toContain(`through the server (process ${server.pid})`)
  }, 30_000)
})
