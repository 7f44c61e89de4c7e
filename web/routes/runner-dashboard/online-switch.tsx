import { useId } from 'react'
import { openingText } from '../../../modules/catalog/contract'
import type { Availability } from '../../../modules/runner/contract'
import { useAvailability, useUpdateAvailability } from '../../features/runner/api/availability'
import { useClock } from '../../lib/clock'
import { ApiError } from '../../lib/http'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { useToast } from '../../ui/toast'

const hintFor = (availability: Availability | undefined, failed: boolean, now: number) => {
  if (availability === undefined) return failed ? 'Your availability could not be loaded.' : 'Checking your availability...'
  if (availability.outsideHours) {
    if (availability.online) return 'Outside your hours: switched on until midnight.'
    // When the hours next start, in the runner's own zone, as the stores' openings are said.
    const back = availability.nextChange && openingText(new Date(availability.nextChange), availability.timeZone, new Date(now))
    return `Offline outside your hours${back ? `; online again at ${back}` : ''}. Switch on to work until midnight.`
  }
  return availability.online ? 'New orders near you are offered to you.' : 'Switch on to see orders near you again.'
}

/**
 * The dashboard's Online switch, kept on the server so every device agrees. It moves at once;
 * if the server refuses, it moves back and says so. Outside the runner's weekly hours it is off
 * and says why; switched on then, it holds until midnight.
 */
export function OnlineSwitch() {
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
            title: 'Error',
            description:
              error instanceof ApiError && typeof error.body.message === 'string'
                ? error.body.message
                : 'Your availability could not be changed. Please try again.',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <Card compact className={`online-card${online ? ' online-card--on' : ''}`} aria-label="Availability">
      <div className="online-card__text">
        <p className="online-card__label" aria-hidden="true">
          {online === false ? 'Offline' : 'Online'}
        </p>
        <p id={hintId} className="meta">
          {hintFor(availability.data, availability.isError, now)}
        </p>
        {availability.isError && (
          <Button type="button" size="small" className="online-card__retry" onClick={() => void availability.refetch()}>
            Try Again
          </Button>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={online ?? false}
        aria-label="Online"
        aria-describedby={hintId}
        disabled={online === undefined}
        onClick={toggle}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </Card>
  )
}
