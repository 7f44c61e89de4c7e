import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { phoneEntrySchema } from '../../../modules/verification/contract'
import { SubmitButton } from '../../features/accounts/components/submit-button'
import { PhoneField } from '../../ui/phone-input'
import { useToast } from '../../ui/toast'

/** Spec 000 §5 gives each phone-entry failure a title and a message; the schema carries the message. */
const TITLE_FOR: Record<string, MessageDescriptor> = {
  'Please enter your phone number': msg`Phone number required`,
  'Please enter at least 10 digits': msg`Phone number too short`,
}

type PhoneStepProps = {
  digits: string
  onDigitsChange: (digits: string) => void
  sending: boolean
  /** The server asked us to wait before sending again. */
  waiting: boolean
  onSend: () => void
}

export function PhoneStep({ digits, onDigitsChange, sending, waiting, onSend }: PhoneStepProps) {
  const { t, i18n } = useLingui()
  const { toast } = useToast()
  const [error, setError] = useState<string>()

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const checked = phoneEntrySchema.safeParse(digits)
        if (checked.success) return onSend()
        const message = checked.error.issues[0]!.message
        setError(message)
        const title = TITLE_FOR[message]
        toast({ title: title ? i18n._(title) : t`Invalid phone number`, description: message, variant: 'destructive' })
      }}
    >
      <PhoneField
        label={t`Phone number`}
        digits={digits}
        autoFocus={!digits}
        error={error}
        onDigitsChange={(next) => {
          setError(undefined)
          onDigitsChange(next)
        }}
      />
      <SubmitButton pending={sending} pendingLabel={t`Sending...`} disabled={waiting}>
        <Trans>Send Code</Trans>
      </SubmitButton>
    </form>
  )
}
