import { describe, expect, spyOn, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { heardConnectWorld, connectKey as key, REFRESH_URL, RETURN_URL } from '../../../../testing/connect-world'
import { testApi } from '../../../../testing/test-api'
import { TEST_ACCOUNT_NUMBER } from '../../contract'
import { paymentErrors } from '../../index'
import { ONBOARDING_REQUIREMENTS } from './embedded-connect'
import { sha256 } from './embedded-tokens'
import { embeddedAccountLinks, embeddedConnectedAccounts } from './schema'

// The embedded gateway's connected accounts and its onboarding form, as Stripe Connect's: the
// account a runner gets, the link to the form, and what the form takes and refuses.
const MINUTE = 60_000
const { heard, api, world } = await heardConnectWorld()
const { db, clock, call } = api
const { gateway, newAccount, linkFor, form, send } = world

describe('connected accounts', () => {
  test('a new account owes what the form asks and takes nothing yet; the same key is the same account', async () => {
    const runnerId = crypto.randomUUID()
    const idempotencyKey = key('account')
    const account = await gateway.createAccount({ runnerId, email: null, idempotencyKey })
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_emb_/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: ONBOARDING_REQUIREMENTS,
      payoutFailed: false,
      bankLast4: null,
    })
    expect(await gateway.createAccount({ runnerId, email: null, idempotencyKey })).toEqual(account)
    await expect(gateway.createAccount({ runnerId: crypto.randomUUID(), email: null, idempotencyKey })).rejects.toBeInstanceOf(
      paymentErrors.IdempotencyKeyReusedError,
    )
    expect(await gateway.retrieveAccount(account.id)).toEqual(account)
    expect(await gateway.retrieveAccount('acct_emb_nothing')).toBeNull()
    const [row] = await db.select().from(embeddedConnectedAccounts).where(eq(embeddedConnectedAccounts.id, account.id))
    expect(row?.metadata).toEqual({ runnerId })
  })

  test("an account link leads to the form on the app's own origin, and only its token's hash is kept", async () => {
    const account = await newAccount()
    const { url } = await gateway.accountLink(account.id, { returnUrl: RETURN_URL, refreshUrl: REFRESH_URL })
    const link = new URL(url)
    expect(`${link.origin}${link.pathname}`).toBe(`${api.config.APP_URL}/payouts/onboarding`)
    const token = link.searchParams.get('link')!
    expect(token.length).toBeGreaterThanOrEqual(43)
    const [row] = await db.select().from(embeddedAccountLinks).where(eq(embeddedAccountLinks.accountId, account.id))
    expect(row?.tokenHash).toBe(sha256(token))
    expect(JSON.stringify(row)).not.toContain(token)
    await expect(gateway.accountLink('acct_emb_nothing', { returnUrl: RETURN_URL, refreshUrl: REFRESH_URL })).rejects.toBeInstanceOf(
      paymentErrors.PaymentStateError,
    )
  })
})

describe('the onboarding form', () => {
  test('an open link says until when; an unknown one is not found', async () => {
    const link = await linkFor((await newAccount()).id)
    const opened = await call('GET', `/api/payments/embedded/onboarding/${link}`)
    expect(opened.status).toBe(200)
    expect(opened.body).toEqual({ status: 'open', expiresAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() })
    const unknown = await call('GET', '/api/payments/embedded/onboarding/no-such-link')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'LINK_NOT_FOUND', message: 'This onboarding link is not valid.' })
  })

  test('each field is refused beside itself, and nothing is taken', async () => {
    const account = await newAccount()
    const link = await linkFor(account.id)
    const refused = await send({ link, legalName: '  ', dateOfBirth: '1990-02-30', ssnLast4: '12a4', routingNumber: '021000021', accountNumber: '123' })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('VALIDATION_ERROR')
    expect(refused.body.errors).toEqual({
      legalName: 'Enter your legal name',
      dateOfBirth: 'Enter your date of birth',
      ssnLast4: 'Enter the last 4 digits of your SSN',
      routingNumber: 'Payouts here are in test mode: use the test routing number 110000000',
      accountNumber: 'Enter an account number of 4 to 17 digits',
    })
    for (const [field, value, message] of [
      ['accountNumber', '1'.repeat(18), 'Enter an account number of 4 to 17 digits'],
      ['ssnLast4', '12345', 'Enter the last 4 digits of your SSN'],
      ['routingNumber', '110000001', 'Payouts here are in test mode: use the test routing number 110000000'],
      ['legalName', 'Ravi\u0007Kumar', 'legalName must not contain control characters'],
    ] as const) {
      const one = await send(form(link, { [field]: value }))
      expect([one.status, one.body.errors]).toEqual([400, { [field]: message }])
    }
    expect(await gateway.retrieveAccount(account.id)).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false })
    expect((await send(form(link))).status).toBe(200)
  })

  test('a date of birth less than 18 years before today, by the clock, is refused beside its field', async () => {
    const link = await linkFor((await newAccount()).id)
    const today = clock.now().toISOString().slice(0, 10)
    const [year, monthAndDay] = [Number(today.slice(0, 4)), today.slice(4)]
    const dayAfter = new Date(clock.now().getTime() + 24 * 60 * MINUTE).toISOString().slice(0, 10)
    const young = await send(form(link, { dateOfBirth: `${year - 18}${dayAfter.slice(4)}` }))
    expect([young.status, young.body.code, young.body.errors]).toEqual([400, 'VALIDATION_ERROR', { dateOfBirth: 'You must be at least 18 to receive payouts' }])
    expect((await send(form(link, { dateOfBirth: `${year - 18}${monthAndDay}` }))).status).toBe(200)
  })

  test('sent, the account may be paid, keeps only last fours, and payouts hears of it; the link is then used', async () => {
    const account = await newAccount()
    const link = await linkFor(account.id)
    const before = heard.updated.length
    const sent = await send(form(link, { legalName: '  Ravi Kumar ', routingNumber: ' 110000000 ' }))
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ returnUrl: RETURN_URL })
    const now = { id: account.id, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [], payoutFailed: false, bankLast4: '6789' }
    expect(await gateway.retrieveAccount(account.id)).toEqual(now)
    expect(heard.updated.slice(before)).toEqual([now])
    const [row] = await db.select().from(embeddedConnectedAccounts).where(eq(embeddedConnectedAccounts.id, account.id))
    expect(row).toMatchObject({ legalName: 'Ravi Kumar', dateOfBirth: '1990-04-12', ssnLast4: '1234', routingNumber: '110000000', bankAccountLast4: '6789' })
    expect(JSON.stringify(row)).not.toContain(TEST_ACCOUNT_NUMBER)

    const again = await send(form(link))
    expect([again.status, again.body]).toEqual([
      409,
      { code: 'LINK_USED', message: 'This onboarding link was already used. Ask for a new one.', refreshUrl: REFRESH_URL },
    ])
    expect((await call('GET', `/api/payments/embedded/onboarding/${link}`)).body).toEqual({ status: 'used', refreshUrl: REFRESH_URL })
    expect(heard.updated.length).toBe(before + 1)
  })

  test('a link lapses five minutes after it was made unless opened; once opened, the form has thirty', async () => {
    const lapsed = await linkFor((await newAccount()).id)
    const opened = await linkFor((await newAccount()).id)
    expect((await call('GET', `/api/payments/embedded/onboarding/${opened}`)).body.status).toBe('open')
    clock.advance(5 * MINUTE)
    expect((await call('GET', `/api/payments/embedded/onboarding/${lapsed}`)).body).toEqual({ status: 'expired', refreshUrl: REFRESH_URL })
    const late = await send(form(lapsed))
    expect([late.status, late.body]).toEqual([
      410,
      { code: 'LINK_EXPIRED', message: 'This onboarding link has expired. Ask for a new one.', refreshUrl: REFRESH_URL },
    ])
    clock.advance(25 * MINUTE - 1)
    const tooLate = await linkFor((await newAccount()).id)
    await call('GET', `/api/payments/embedded/onboarding/${tooLate}`)
    expect((await send(form(opened))).status).toBe(200)
    clock.advance(30 * MINUTE)
    expect((await send(form(tooLate))).status).toBe(410)
  })

  test('payouts out of reach does not undo the form: the account is what the gateway says, as after a webhook that failed', async () => {
    const account = await newAccount()
    const logged = spyOn(console, 'error').mockImplementation(() => {})
    heard.down = true
    try {
      expect((await send(form(await linkFor(account.id)))).status).toBe(200)
      expect(String(logged.mock.calls[0]?.[0])).toContain(`Telling payouts that ${account.id} was updated failed`)
    } finally {
      heard.down = false
      logged.mockRestore()
    }
    expect(await gateway.retrieveAccount(account.id)).toMatchObject({ payoutsEnabled: true })
  })

  test('with Stripe configured there is no embedded form', async () => {
    const withStripe = await testApi({ payments: { ...gateway, kind: 'stripe' } })
    expect((await withStripe.call('GET', '/api/payments/embedded/onboarding/any')).status).toBe(404)
    expect((await withStripe.call('POST', '/api/payments/embedded/onboarding', { body: form('any') })).status).toBe(404)
  })
})
