import { Trans } from '@lingui/react/macro'
import { useFormat } from '../../../i18n/format'
import { useSecondsLeft } from '../../../lib/use-seconds-left'

/**
 * What a refused send (429) shows: 'Too many requests', announced once, and a countdown to
 * when a code may be asked for again (`until`, on the injected clock). The countdown is not
 * read out every second; the status speaks once the wait is over.
 */
export function SmsWaitNotice({ until }: { until: number }) {
  const secondsLeft = useSecondsLeft(until)
  const waitLeft = useFormat().wait(secondsLeft)
  return (
    <div className="form-notice form-notice--error sms-wait">
      <p role="alert">
        <Trans>
          <strong>Too many requests.</strong> Please wait before asking for another code.
        </Trans>
      </p>
      {secondsLeft > 0 && (
        <p>
          <Trans>
            You can ask for a new code in <strong className="sms-wait__time">{waitLeft}</strong>.
          </Trans>
        </p>
      )}
      <p role="status" className={secondsLeft > 0 ? 'visually-hidden' : undefined}>
        {secondsLeft === 0 ? <Trans>You can ask for a new code now.</Trans> : ''}
      </p>
    </div>
  )
}
