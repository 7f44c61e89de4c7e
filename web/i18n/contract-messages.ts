import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { UNSAFE_CHARACTER_MESSAGE } from '../../modules/shared/contract'

const atMost = (max: number) => msg`Must be at most ${max} characters`

/**
 * The contracts' field messages (modules/<m>/contract.ts, shared with the server, whose English
 * stays for API clients) in the reader's language: a form's own check and a refusal's `errors`
 * both carry them. Keyed by the exact English; a message not listed shows as sent.
 */
export const CONTRACT_MESSAGES: Record<string, MessageDescriptor> = {
  'First name is required': msg`First name is required`,
  'Last name is required': msg`Last name is required`,
  'Must be at most 50 characters': atMost(50),
  'Must be at most 100 characters': atMost(100),
  'Must be at most 200 characters': atMost(200),
  'Must be at most 254 characters': atMost(254),
  [UNSAFE_CHARACTER_MESSAGE]: msg`Must not contain direction or control characters`,
  'A message must not contain direction or control characters': msg`Must not contain direction or control characters`,
  'Please enter a valid email address': msg`Please enter a valid email address`,
  'Phone number required': msg`Please enter your phone number`,
  'Please enter your phone number': msg`Please enter your phone number`,
  'Phone number must be at least 10 digits': msg`Please enter at least 10 digits`,
  'Please enter at least 10 digits': msg`Please enter at least 10 digits`,
  'Please enter a valid US phone number': msg`Please enter a valid US phone number`,
  'Either email or phone number is required': msg`Either email or phone number is required`,
  'Password must be at least 8 characters': msg`Password must be at least 8 characters`,
  'Password must be at least 6 characters': msg`Password must be at least 6 characters`,
  'Password is too long': msg`Password is too long`,
  'Password is required': msg`Password is required`,
  'Please confirm your password': msg`Please confirm your password`,
  "Passwords don't match": msg`Passwords don't match`,
  'Email or phone is required': msg`Email or phone is required`,
  'Reset token is required': msg`Reset token is required`,
  'Select at least one role': msg`Select at least one role`,
  'Please select at least one role': msg`Select at least one role`,
  'Address is required': msg`Address is required`,
  'City is required': msg`City is required`,
  'State is required': msg`State is required`,
  'Valid zip code is required': msg`Valid zip code is required`,
  'ZIP code must be at least 5 digits': msg`Valid zip code is required`,
  'Choose a distance from 1 to 10 miles, in whole miles.': msg`Choose a distance from 1 to 10 miles, in whole miles.`,
  'Keep your hours under 300 characters.': msg`Keep your hours under 300 characters.`,
  'This onboarding link is not valid.': msg`This onboarding link is not valid.`,
  'Enter your legal name': msg`Enter your legal name`,
  'Enter your date of birth': msg`Enter your date of birth`,
  'Enter the last 4 digits of your SSN': msg`Enter the last 4 digits of your SSN`,
  'Use the test routing number 110000000': msg`Use the test routing number 110000000`,
  'Payouts here are in test mode: use the test routing number 110000000': msg`Payouts here are in test mode: use the test routing number 110000000`,
  'Enter an account number of 4 to 17 digits': msg`Enter an account number of 4 to 17 digits`,
  'Say what the replacement is': msg`Say what the replacement is`,
  'Name the replacement': msg`Name the replacement`,
  'The replacement name can be at most 200 characters': atMost(200),
  'Enter the price in dollars, like 4.99, up to $1000': msg`Enter the price in dollars, like 4.99, up to $1000`,
  'Enter the price in dollars, like 4.99': msg`Enter the price in dollars, like 4.99`,
  'A note can be at most 500 characters': atMost(500),
  'A note for the runner can be at most 500 characters': atMost(500),
  'Your card number is incomplete.': msg`Your card number is incomplete.`,
  "Your card's expiration month is invalid.": msg`Your card's expiration month is invalid.`,
  "Your card's expiration year is invalid.": msg`Your card's expiration year is invalid.`,
  "Your card's security code is incomplete.": msg`Your card's security code is incomplete.`,
  "Your card's security code is invalid.": msg`Your card's security code is invalid.`,
  'A title is required': msg`A title is required`,
  'The title can be at most 80 characters': atMost(80),
  'A message is required': msg`Write a message`,
  'Write a message': msg`Write a message`,
  'The message can be at most 300 characters': atMost(300),
  'A message can be at most 1,000 characters': atMost(1000),
  'Choose 1 to 5 stars': msg`Choose 1 to 5 stars`,
  'A comment can be at most 500 characters': atMost(500),
  'Choose what went wrong': msg`Choose what went wrong`,
  'Say what happened': msg`Say what happened`,
  'Details can be at most 2,000 characters': atMost(2000),
}

/**
 * A contract's message in the reader's language, or as sent when it is not one of them. English
 * reads the contract's own words: a few messages share one translation that says the same thing.
 */
export function contractMessageText(i18n: I18n, message: string): string {
  const descriptor = CONTRACT_MESSAGES[message]
  return descriptor && i18n.locale !== 'en' ? i18n._(descriptor) : message
}

/** `contractMessageText` in the language on screen. */
export function useContractMessage() {
  const { i18n } = useLingui()
  return (message: string) => contractMessageText(i18n, message)
}
