import { Trans } from '@lingui/react/macro'
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react'
import { useContractMessage } from '../i18n/contract-messages'

type FieldProps = {
  label: string
  error?: string
  hint?: ReactNode
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

/** A label, its control, a hint and the error under it, tied together for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  )
}

/**
 * The message under a field or a group of choices, announced as it appears. A contract's message
 * (from the form's own check or the server's `errors`) shows in the reader's language.
 */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  const contractMessage = useContractMessage()
  return (
    <p className="field__error" id={id} role="alert">
      {typeof children === 'string' ? contractMessage(children) : children}
    </p>
  )
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  hint?: ReactNode
}

/** What a form's state hands a TextField for one of its fields. */
export type FieldBinding = Pick<TextFieldProps, 'value' | 'onValueChange' | 'error'>

export function TextField({ label, value, onValueChange, error, hint, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
      )}
    </Field>
  )
}

/** A password with a show/hide toggle. */
export function PasswordField({ label, value, onValueChange, error, hint, ...input }: TextFieldProps) {
  const [visible, setVisible] = useState(false)
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="password-input">
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            {...input}
          />
          <button type="button" className="password-input__toggle" aria-pressed={visible} onClick={() => setVisible((shown) => !shown)}>
            {visible ? (
              <Trans>
                Hide<span className="visually-hidden"> password</span>
              </Trans>
            ) : (
              <Trans>
                Show<span className="visually-hidden"> password</span>
              </Trans>
            )}
          </button>
        </div>
      )}
    </Field>
  )
}
