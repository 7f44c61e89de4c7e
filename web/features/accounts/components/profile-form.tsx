import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode, RefObject } from 'react'
import type { FieldErrors } from '../../../lib/form-errors'
import { type FieldBinding, TextField } from '../../../ui/form'
import { AddressFields, type AddressValues } from './address-fields'
import { type RoleOption, RoleOptions } from './role-options'
import { SubmitButton } from './submit-button'

/** One role among buyer, runner or both, as onboarding and the profile page ask it. */
export const ONE_ROLE = {
  legend: msg({ comment: 'Above the choice of buyer, runner or both', message: 'I want to' }),
  kind: 'radio',
  options: ['buyer', 'runner', 'both'],
} as const

type ProfileFormProps<Option extends RoleOption> = {
  /** The form's state from useValidatedForm: its element, values, errors, setter and text-field bindings. */
  state: {
    formRef: RefObject<HTMLFormElement | null>
    values: AddressValues & { roles: readonly string[] }
    errors: FieldErrors
    setValue: (field: 'roles', value: Option[]) => void
    bind: (field: keyof AddressValues) => FieldBinding
  }
  roles: { legend: MessageDescriptor; kind: 'checkbox' | 'radio'; options: readonly Option[] }
  onSubmit: () => void
  /** The person's own fields, above the roles: names, or email and phone. */
  children: ReactNode
  /** Below the address: a note or the current location. */
  afterAddress?: ReactNode
  submit: { label: string; pending: boolean; pendingLabel: string }
  /** Below the button, such as the terms. */
  footer?: ReactNode
}

/**
 * The profile as complete-profile, onboarding and the profile page all ask for it (spec 000 §2,
 * spec 001 §2): the person's fields, the role choice, the address, and one button to send it.
 */
export function ProfileForm<Option extends RoleOption>({ state, roles, onSubmit, children, afterAddress, submit, footer }: ProfileFormProps<Option>) {
  const { i18n } = useLingui()
  const { formRef, values, errors, setValue, bind } = state
  return (
    <form
      ref={formRef}
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
      <RoleOptions {...roles} legend={i18n._(roles.legend)} selected={values.roles} error={errors.roles} onChange={(selected) => setValue('roles', selected)} />
      <AddressFields bind={bind} />
      {afterAddress}
      <SubmitButton pending={submit.pending} pendingLabel={submit.pendingLabel}>
        {submit.label}
      </SubmitButton>
      {footer}
    </form>
  )
}

type EmailFieldProps = { value: string; error?: string; hint?: string; onValueChange: (value: string) => void }

export function EmailField(props: EmailFieldProps) {
  const { t } = useLingui()
  return <TextField label={t`Email`} type="email" autoComplete="email" {...props} />
}
