import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { ROLE_OPTIONS } from '../../../../modules/accounts/contract'
import { FieldError } from '../../../ui/form'

export type RoleOption = (typeof ROLE_OPTIONS)[number]

const ROLE_TEXT: Record<RoleOption, { label: MessageDescriptor; description: MessageDescriptor }> = {
  buyer: { label: msg`Buyer`, description: msg`Shop for Indian groceries and get them delivered` },
  runner: { label: msg`Runner`, description: msg`Earn money by shopping and delivering groceries` },
  both: { label: msg({ comment: 'A role: both a buyer and a runner', message: 'Both' }), description: msg`Shop for yourself and deliver for your neighbors` },
}

/** The one choice of buyer, runner or both that matches the roles a user holds. */
export function roleChoiceOf(roles: readonly string[]): RoleOption[] {
  const buyer = roles.includes('buyer')
  const runner = roles.includes('runner')
  if (buyer && runner) return ['both']
  if (buyer) return ['buyer']
  return runner ? ['runner'] : []
}

type RoleOptionsProps<Option extends RoleOption> = {
  legend: string
  /** Checkboxes let a person pick several; radios pick one, where 'both' stands for two. */
  kind: 'checkbox' | 'radio'
  options: readonly Option[]
  selected: readonly string[]
  onChange: (selected: Option[]) => void
  error?: string
}

/** A fieldset of role cards, each a native checkbox or radio with its label and description. */
export function RoleOptions<Option extends RoleOption>({ legend, kind, options, selected, onChange, error }: RoleOptionsProps<Option>) {
  const { i18n } = useLingui()
  const id = useId()
  const toggle = (role: Option, on: boolean) => {
    if (kind === 'radio') return onChange([role])
    onChange(options.filter((option) => (option === role ? on : selected.includes(option))))
  }
  return (
    <fieldset className={`fieldset${error ? ' role-options--invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="fieldset__legend">{legend}</legend>
      <div className="role-options__list">
        {options.map((role) => (
          <label key={role} className="checkbox">
            <input
              type={kind}
              name={`${id}-role`}
              value={role}
              checked={selected.includes(role)}
              aria-invalid={Boolean(error)}
              onChange={(event) => toggle(role, event.target.checked)}
            />
            <span className="checkbox__text">
              <span className="checkbox__title">{i18n._(ROLE_TEXT[role].label)}</span>
              <span className="checkbox__description">{i18n._(ROLE_TEXT[role].description)}</span>
            </span>
          </label>
        ))}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  )
}
