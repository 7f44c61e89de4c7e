import { t } from '@lingui/core/macro'
import type { RefObject } from 'react'

/**
 * What a card form offers the screen that pays with it, whichever gateway draws the form: the
 * embedded one or Stripe Elements.
 */
export type CardConfirmer = {
  /** Marks what is missing in the form before anything is sent; false when the card cannot be tried yet. */
  check(): boolean
  /** Confirms the intent with the entered card; resolves once it is authorized, else throws CardPaymentError. */
  confirm(clientSecret: string): Promise<void>
  /**
   * Confirms a second intent (the grocery hold) on the card `confirm` just authorized, with its
   * own client secret; throws CardPaymentError when the bank declines it.
   */
  confirmAgain(clientSecret: string): Promise<void>
}

export type CardFormProps = {
  confirmerRef: RefObject<CardConfirmer | null>
  /** While a payment is under way nothing in the form may change. */
  disabled: boolean
}

/** The card was not authorized: declined, a field the bank refused, or an intent past confirming. */
export class CardPaymentError extends Error {
  constructor(
    message: string,
    /** The intent can no longer be confirmed (cancelled, or already used): the next try needs a new one. */
    readonly intentUnusable = false,
  ) {
    super(message)
    this.name = 'CardPaymentError'
  }
}

/** A message for an intent that can no longer be confirmed; the gateway's own words are about PaymentIntents. */
export const attemptEnded = () => t`This payment attempt has ended. Nothing was charged; please try again.`
