import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { AVAILABILITY_EXAMPLE, type Preferences, preferencesUpdateSchema } from '../../../modules/runner/contract'
import { DELIVERY_RADIUS_MILES, RUNNER_RADIUS_MIN_MILES } from '../../../modules/shared/contract'
import { usePreferences, useUpdatePreferences } from '../../features/runner/api/preferences'
import { failureMessage, serverFieldErrors } from '../../lib/form-errors'
import { Button } from '../../ui/button'
import { Field, TextField } from '../../ui/form'
import { Spinner } from '../../ui/loading-screen'
import { useValidatedForm } from '../../ui/use-validated-form'
import { RunnerSection } from './runner-section'

const RADIUS_CHOICES = Array.from({ length: DELIVERY_RADIUS_MILES - RUNNER_RADIUS_MIN_MILES + 1 }, (_, index) => RUNNER_RADIUS_MIN_MILES + index)

/** 'Delivery area and hours': how far the runner travels to a store, and when they work (outside those hours they are offline). */
export function AreaAndHours() {
  const { t } = useLingui()
  const preferences = usePreferences()
  return (
    <RunnerSection
      title={t`Delivery area and hours`}
      query={preferences}
      skeleton={{ className: 'runner-preferences--loading', label: t`Loading your delivery area and hours` }}
      failed={t`Your delivery area and hours could not be loaded`}
    >
      {(saved) => <PreferencesForm saved={saved} />}
    </RunnerSection>
  )
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const { t } = useLingui()
  const update = useUpdatePreferences()
  // Named as the contract names them, so each message lands beside its own field.
  const form = useValidatedForm({ radiusMiles: String(saved.radiusMiles), availability: saved.availability ?? '' })
  const { values, errors, setValue, showErrors } = form
  const { radiusFrom: address, timeZone, radiusMiles, availability: hours } = saved
  const [outcome, setOutcome] = useState<{ saved: true } | { failure: string } | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const change = { radiusMiles: Number(values.radiusMiles), availability: values.availability.trim() || null }
    const valid = form.validate(preferencesUpdateSchema, change)
    setOutcome(null)
    if (!valid) return
    try {
      const answer = await update.mutateAsync(change)
      setValue('availability', answer.availability ?? '')
      setOutcome({ saved: true })
    } catch (error) {
      const refused = serverFieldErrors(error)
      showErrors(refused)
      if (Object.keys(refused).length === 0) setOutcome({ failure: failureMessage(error, t`Your delivery area and hours could not be saved. Try again.`) })
    }
  }

  return (
    <form ref={form.formRef} className="form card card--compact runner-preferences" noValidate onSubmit={submit}>
      <Field
        label={t`How far you travel to a store`}
        error={errors.radiusMiles}
        hint={
          address ? (
            t`Counted from your address (${address}) to the store, where your trip starts.`
          ) : (
            <Trans>
              Your address has no location yet, so new orders are not sent to you. <Link to="/profile">Add your address</Link>
            </Trans>
          )
        }
      >
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={values.radiusMiles}
            onChange={(event) => setValue('radiusMiles', event.target.value)}
          >
            {RADIUS_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {plural(choice, { one: '# mile', other: '# miles' })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label={t`Your hours`}
        {...form.bind('availability')}
        hint={`${t`Days and hours like "${AVAILABILITY_EXAMPLE}". Leave empty to work any hour.`} ${t`In your time zone (${timeZone}); outside these hours you are offline.`}`}
        placeholder={AVAILABILITY_EXAMPLE}
        autoComplete="off"
        spellCheck={false}
      />
      {outcome && 'failure' in outcome && (
        <p className="form-notice form-notice--error" role="alert">
          {outcome.failure}
        </p>
      )}
      {outcome && 'saved' in outcome && (
        <p className="form-notice form-notice--success" role="status">
          {hours
            ? t`Saved. You are offered orders within ${plural(radiusMiles, { one: '# mile', other: '# miles' })}, during ${hours}.`
            : t`Saved. You are offered orders within ${plural(radiusMiles, { one: '# mile', other: '# miles' })}, at any hour.`}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={update.isPending} aria-busy={update.isPending || undefined}>
        {update.isPending && <Spinner />}
        {update.isPending ? t`Saving...` : t`Save area and hours`}
      </Button>
    </form>
  )
}
