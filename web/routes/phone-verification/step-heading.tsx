import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useRef } from 'react'
import type { VerificationStep } from './use-verification-flow'

const COPY: Record<
  Exclude<VerificationStep['name'], 'verified' | 'saved'>,
  { eyebrow: MessageDescriptor; title: MessageDescriptor; lead: (phone: string) => ReactNode }
> = {
  phone: {
    eyebrow: msg`Step 1 of 2`,
    title: msg`Verify Your Phone`,
    lead: () => <Trans>We'll text you a 6-digit code to confirm this number is yours.</Trans>,
  },
  code: { eyebrow: msg`Step 2 of 2`, title: msg`Enter Your Code`, lead: () => <Trans>Check your text messages. The code can take a minute to arrive.</Trans> },
  fallback: {
    eyebrow: msg`Instant verification`,
    title: msg`Confirm You're a Person`,
    // The check proves a person, not the phone: the number is saved, to be confirmed by SMS later.
    lead: (phone) => (
      <Trans>
        Text messages can't reach <span className="nowrap">{phone}</span> right now. Complete the check below to save this number and carry on; you can confirm
        it by SMS later.
      </Trans>
    ),
  },
}

/**
 * The card's heading for each step. When the step changes, focus moves to the new heading so a
 * screen reader hears where the person is now; the code step focuses its input instead.
 */
export function StepHeading({ step, phone }: { step: keyof typeof COPY; phone: string }) {
  const { i18n } = useLingui()
  const heading = useRef<HTMLHeadingElement>(null)
  const firstStep = useRef(step)
  const { eyebrow, title, lead } = COPY[step]

  useEffect(() => {
    if (step !== firstStep.current && step !== 'code') heading.current?.focus()
  }, [step])

  return (
    <div className="auth-card__header">
      <p className="eyebrow">{i18n._(eyebrow)}</p>
      <h1 ref={heading} tabIndex={-1}>
        {i18n._(title)}
      </h1>
      <p>{lead(phone)}</p>
    </div>
  )
}
