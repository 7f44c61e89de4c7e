import { Trans, useLingui } from '@lingui/react/macro'
import { type ComponentProps, type FormEvent, useRef, useState } from 'react'
import {
  dateOfBirthProblem,
  embeddedOnboardingSchema,
  TEST_ACCOUNT_NUMBER,
  TEST_FAILING_ACCOUNT_NUMBER,
  TEST_ROUTING_NUMBER,
} from '../../../modules/payments/contract'
import { StepHeading } from '../../features/accounts/components/step-heading'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { useSubmitOnboarding } from '../../features/payments/api/submit-onboarding'
import { useClock } from '../../lib/clock'
import { failureMessage, fieldErrors, serverFieldErrors } from '../../lib/form-errors'
import { ApiError } from '../../lib/http'
import { TextField } from '../../ui/form'
import { useValidatedForm } from '../../ui/use-validated-form'
import type { EndedLink } from './link-ended'

const fieldsSchema = embeddedOnboardingSchema.omit({ link: true })

/** The form's values as the server will take them, or what is wrong with each field; the age by the screen's clock. */
function checked(values: Record<string, string>, today: Date) {
  const parsed = fieldsSchema.safeParse(values)
  const errors = fieldErrors(fieldsSchema, values) ?? {}
  const tooYoung = errors.dateOfBirth ? null : dateOfBirthProblem(values.dateOfBirth ?? '', today)
  if (tooYoung) errors.dateOfBirth = tooYoung
  return parsed.success && !tooYoung ? { fields: parsed.data, errors } : { fields: null, errors }
}

/** A refusal that says the link can no longer be used, with where a new one is asked for. */
function endedLinkOf(error: unknown): EndedLink | null {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 410)) return null
  const { refreshUrl } = error.body
  return typeof refreshUrl === 'string' ? { status: error.status === 410 ? 'expired' : 'used', refreshUrl } : null
}

/** A number that is the runner's own (SSN, bank account): typed on a keypad of digits, never filled in by the browser. */
const DigitsField = (props: Omit<ComponentProps<typeof TextField>, 'inputMode' | 'autoComplete' | 'required'>) => (
  <TextField {...props} inputMode="numeric" autoComplete="off" required />
)

/**
 * What Stripe's onboarding asks of an individual to be paid: name, date of birth, the last four
 * of the SSN and a bank account, each refused beside itself. Sent once: the button stays off
 * from the press until the page has left for the return URL.
 */
export function OnboardingForm({ link, onLinkEnded }: { link: string; onLinkEnded: (ended: EndedLink) => void }) {
  const { t } = useLingui()
  const clock = useClock()
  const submitted = useSubmitOnboarding()
  const form = useValidatedForm({ legalName: '', dateOfBirth: '', ssnLast4: '', routingNumber: '', accountNumber: '' })
  const sending = useRef(false)
  const [leaving, setLeaving] = useState(false)
  const [failure, setFailure] = useState<string>()

  async function submit(event: FormEvent) {
    event.preventDefault()
    // A second press before the first one's answer re-renders the button must not send again.
    if (sending.current) return
    const { fields, errors } = checked(form.values, new Date(clock.now()))
    form.showErrors(errors)
    setFailure(undefined)
    if (!fields) return
    sending.current = true
    try {
      const { returnUrl } = await submitted.mutateAsync({ link, ...fields })
      setLeaving(true)
      // The return URL is the platform's page, as after Stripe's form: a full page load, not a route.
      window.location.assign(returnUrl)
    } catch (error) {
      sending.current = false
      const ended = endedLinkOf(error)
      if (ended) return onLinkEnded(ended)
      const refused = serverFieldErrors(error)
      form.showErrors(refused)
      if (Object.keys(refused).length === 0) setFailure(failureMessage(error, t`Your details could not be saved. Try again.`))
    }
  }

  const pending = submitted.isPending || leaving
  return (
    <>
      <div className="auth-card__header">
        <p>
          <span className="eyebrow">
            <Trans>Test mode</Trans>
          </span>
        </p>
        <StepHeading>
          <Trans>Set up payouts: the test stand-in for Stripe</Trans>
        </StepHeading>
        <p>
          <Trans>Without Stripe configured, this form takes the place of Stripe's onboarding. Nothing is checked with a bank, and no real money moves.</Trans>
        </p>
      </div>
      <div className="form-notice form-notice--info auth-card__notice">
        <p>
          <Trans>Use Stripe's test bank numbers:</Trans>
        </p>
        <ul className="payouts-test-numbers">
          <li>
            <Trans>
              Routing number <code>{TEST_ROUTING_NUMBER}</code>
            </Trans>
          </li>
          <li>
            <Trans>
              Account number <code>{TEST_ACCOUNT_NUMBER}</code>: payouts succeed
            </Trans>
          </li>
          <li>
            <Trans>
              Account number <code>{TEST_FAILING_ACCOUNT_NUMBER}</code>: payouts fail (a closed account)
            </Trans>
          </li>
        </ul>
      </div>
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <fieldset className="fieldset form" disabled={pending}>
          <legend className="visually-hidden">
            <Trans>Your details</Trans>
          </legend>
          <TextField label={t`Legal name`} {...form.bind('legalName')} autoComplete="name" required />
          <TextField label={t`Date of birth`} {...form.bind('dateOfBirth')} type="date" autoComplete="bday" required />
          <DigitsField label={t`Last 4 of SSN`} {...form.bind('ssnLast4')} maxLength={4} />
        </fieldset>
        <fieldset className="fieldset form" disabled={pending}>
          <legend className="fieldset__legend">
            <Trans>Bank account for payouts</Trans>
          </legend>
          <DigitsField label={t`Routing number`} {...form.bind('routingNumber')} maxLength={9} hint={t`Test mode: ${TEST_ROUTING_NUMBER}`} />
          <DigitsField
            label={t`Account number`}
            {...form.bind('accountNumber')}
            maxLength={17}
            hint={t`Test mode: ${TEST_ACCOUNT_NUMBER}, or ${TEST_FAILING_ACCOUNT_NUMBER} for payouts that fail`}
          />
        </fieldset>
        {failure && (
          <p className="form-notice form-notice--error" role="alert">
            {failure}
          </p>
        )}
        <SubmitButton pending={pending} pendingLabel={leaving ? t`Returning to Kirana...` : t`Saving...`}>
          <Trans>Save and continue</Trans>
        </SubmitButton>
      </form>
    </>
  )
}
