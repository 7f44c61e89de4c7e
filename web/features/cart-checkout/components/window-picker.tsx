import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { windowLabelParts } from '../../../lib/window-words'
import { RetryNotice } from '../../../ui/empty-state'
import { Spinner } from '../../../ui/loading-screen'
import { type DeliveryWindow, useDeliveryWindows } from '../api/delivery-windows'
import { windowsByDay } from '../window-days'

type Props = {
  storeId: string
  /** The chosen window's start, or null. */
  value: string | null
  onChange: (chosen: DeliveryWindow) => void
  legend?: string
  disabled?: boolean
}

/**
 * The store's delivery windows as one radio group, a day to a fieldset, in the store's own days
 * and hours. Native radios, so arrow keys move between windows and screen readers name each with
 * its day; a full window stays in its place, disabled and marked 'Full', so the day reads true.
 */
export function WindowPicker({ storeId, value, onChange, legend, disabled = false }: Props) {
  const { t } = useLingui()
  const windows = useDeliveryWindows(storeId)
  const name = useId()
  if (windows.isPending)
    return (
      <p className="window-picker__message" role="status" aria-busy="true">
        <Spinner />
        <Trans>Loading delivery windows...</Trans>
      </p>
    )
  if (windows.isError)
    return <RetryNotice className="window-picker__message" message={t`Delivery windows could not be loaded.`} onRetry={() => void windows.refetch()} />
  const days = windowsByDay(windows.data.windows, windows.data.timeZone)
  if (days.length === 0)
    return (
      <p className="window-picker__message">
        <Trans>No delivery windows in the next 7 days</Trans>
      </p>
    )
  return (
    <fieldset className="window-picker" disabled={disabled}>
      <legend className="window-picker__legend">{legend ?? t`Delivery window`}</legend>
      {days.map((day) => (
        <fieldset key={day.key} className="window-picker__day">
          <legend className="window-picker__day-name">{day.heading}</legend>
          <div className="window-picker__windows">
            {day.windows.map((option) => {
              const { day: weekday, hours } = windowLabelParts(option, windows.data.timeZone)
              return (
                <label key={option.start} className={`choice-tile window-option${option.available ? '' : ' window-option--full'}`}>
                  <input
                    type="radio"
                    name={name}
                    value={option.start}
                    checked={value === option.start}
                    disabled={!option.available}
                    onChange={() => onChange(option)}
                  />
                  <span className="window-option__hours">
                    {weekday && <span className="visually-hidden">{weekday} </span>}
                    {hours}
                  </span>
                  {!option.available && (
                    <span className="window-option__full">
                      {' '}
                      <Trans comment="A delivery window with no place left">Full</Trans>
                    </span>
                  )}
                </label>
              )
            })}
          </div>
        </fieldset>
      ))}
    </fieldset>
  )
}
