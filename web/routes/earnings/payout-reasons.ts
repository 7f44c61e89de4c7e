import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PayoutAccount, PayoutHoldReason, PayoutLine } from '../../../modules/payouts/contract'

/** Why a bank sent a payout back, by its failure code: payouts' contract says the same in English for API clients. */
const BANK_FAILURES: Record<string, MessageDescriptor> = {
  account_closed: msg`the bank account is closed`,
  account_frozen: msg`the bank account is frozen`,
  bank_account_restricted: msg`the bank account does not take this kind of payment`,
  bank_ownership_changed: msg`the bank account changed hands`,
  could_not_process: msg`the bank could not process it`,
  debit_not_authorized: msg`the bank did not allow it`,
  incorrect_account_holder_name: msg`the name on the bank account does not match`,
  invalid_account_number: msg`the account number is not valid`,
  invalid_currency: msg`the bank account does not take US dollars`,
  no_account: msg`the bank could not find the account`,
  other: msg`the bank sent it back`,
}

/** Why payouts are on hold, by its code; a payout that came back for a reason the bank gave says it apart. */
const HOLD_REASONS: Record<PayoutHoldReason, MessageDescriptor> = {
  payout_returned: msg`A payout to your bank account came back. Update your payout details with another bank account.`,
  details_needed: msg`The payment service needs more of your details before it can send your payouts. Update your payout details to give them.`,
}

const bankFailure = (code: string | null) => (code && Object.hasOwn(BANK_FAILURES, code) ? BANK_FAILURES[code] : undefined)

/** Why the bank sent a line's payout back, in the reader's language; a code this screen does not know yet shows the server's English. */
export function returnWords(i18n: I18n, line: Pick<PayoutLine, 'returnCode' | 'returnReason'>): string {
  const why = bankFailure(line.returnCode)
  return why ? i18n._(why) : (line.returnReason ?? i18n._(BANK_FAILURES.other!))
}

/** Why the runner's payouts are on hold, in the reader's language; a bank's code this screen does not know yet, or no code, shows the server's English. */
export function holdWords(i18n: I18n, account: Pick<PayoutAccount, 'restrictedCode' | 'restrictedReason' | 'returnCode'>): string {
  const code = account.restrictedCode
  if (code === 'payout_returned' && account.returnCode !== null) {
    const why = bankFailure(account.returnCode)
    if (!why) return account.restrictedReason ?? i18n._(HOLD_REASONS.payout_returned)
    const reason = i18n._(why)
    return i18n._(msg`A payout to your bank account came back: ${reason}. Update your payout details with another bank account to get it sent again.`)
  }
  if (code) return i18n._(HOLD_REASONS[code])
  return account.restrictedReason ?? i18n._(msg`Your payout account needs attention.`)
}
