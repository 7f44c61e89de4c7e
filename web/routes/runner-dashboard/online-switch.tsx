import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Availability } from '../../../modules/runner/contract'
import type { Language } from '../../../modules/shared/contract'
import { useAvailability, useUpdateAvailability } from '../../features/runner/api/availability'
import { useClock } from '../../lib/clock'
import { ApiError } from '../../lib/http'
import { openingWords } from '../../lib/opening-words'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { useToast } from '../../ui/toast'

const hintFor = (i18n: I18n, availability: Availability | undefined, failed: boolean, now: number) => {
  if (availability === undefined) return i18n._(failed ? msg`Your availability could not be loaded.` : msg`Checking your availability...`)
  if (availability.outsideHours) {
    if (availability.online) return i18n._(msg`Outside your hours: switched on until midnight.`)
    // When the hours next start, in the runner's own zone, as the stores' openings are said.
    const back = availability.nextChange && openingWords(new Date(availability.nextChange), availability.timeZone, new Date(now), i18n.locale as Language)
    return back
      ? i18n._(msg`Offline outside your hours; online again at ${back}. Switch on to work until midnight.`)
      : i18n._(msg`Offline outside your hours. Switch on to work until midnight.`)
  }
  return i18n._(availability.online ? msg`New orders near you are offered to you.` : msg`Switch on to see orders near you again.`)
}

/**
 * The dashboard's Online switch, kept on the server so every device agrees. It moves at once;
 * if the server refuses, it moves back and says so. Outside the runner's weekly hours it is off
 * and says why; switched on then, it holds until midnight.
 */
export function OnlineSwitch() {
  const { t, i18n } = useLingui()
  const availability = useAvailability()
  const update = useUpdateAvailability()
  const { toast } = useToast()
  const hintId = useId()
  const online = availability.data?.online
  const now = useClock().now()

  const toggle = () => {
    if (online === undefined) return
    update.mutate(
      { online: !online },
      {
        onError: (error) =>
          toast({
            title: t`Error`,
            description:
              error instanceof ApiError && typeof error.body.message === 'string'
                ? error.body.message
                : t`Your availability could not be changed. Please try again.`,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <Card compact className={`online-card${online ? ' online-card--on' : ''}`} aria-label={t`Availability`}>
      <div className="online-card__text">
        <p className="online-card__label" aria-hidden="true">
          {online === false ? t`Offline` : t`Online`}
        </p>
        <p id={hintId} className="meta">
          {hintFor(i18n, availability.data, availability.isError, now)}
        </p>
        {availability.isError && (
          <Button type="button" size="small" className="online-card__retry" onClick={() => void availability.refetch()}>
            <Trans>Try Again</Trans>
          </Button>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={online ?? false}
        aria-label={t`Online`}
        aria-describedby={hintId}
        disabled={online === undefined}
        onClick={toggle}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </Card>
  )
}
