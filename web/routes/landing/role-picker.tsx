import { Trans } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { Icon } from '../../ui/icon'
import { type Role, useRoles } from './roles'

/**
 * One role is selected at a time, like a radio group: the cards answer "how will you use it",
 * and 'Both' is the answer for people who want both. Tapping a card selects it and toggles its
 * details; tapping the selected card again only folds the details away and keeps the choice.
 */
export function RolePicker() {
  const [selected, setSelected] = useState<Role['id'] | null>(null)
  const [expanded, setExpanded] = useState<Role['id'] | null>(null)
  const headingId = useId()
  const roles = useRoles()
  const brand = BRAND_NAME

  const choose = (id: Role['id']) => {
    setSelected(id)
    setExpanded((open) => (open === id ? null : id))
  }

  return (
    <section className="role-picker" aria-labelledby={headingId}>
      <h2 id={headingId} className="role-picker__heading">
        <Trans>How will you use {brand}?</Trans>
      </h2>
      <p className="role-picker__hint">
        <Trans>Tap a card to see what it involves.</Trans>
      </p>
      <ul className="role-picker__list">
        {roles.map((role) => (
          <RoleCard key={role.id} role={role} selected={selected === role.id} expanded={expanded === role.id} onChoose={() => choose(role.id)} />
        ))}
      </ul>
    </section>
  )
}

function RoleCard({ role, selected, expanded, onChoose }: { role: Role; selected: boolean; expanded: boolean; onChoose: () => void }) {
  const id = useId()
  return (
    <li className={selected ? 'role-card role-card--selected' : 'role-card'}>
      <button type="button" className="role-card__toggle" aria-pressed={selected} aria-expanded={expanded} aria-controls={`${id}-details`} onClick={onChoose}>
        <span className="icon-tile role-card__icon">
          <Icon name={role.icon} />
        </span>
        <span className="role-card__text">
          <span className="role-card__title">{role.title}</span>
          <span className="role-card__summary">{role.summary}</span>
        </span>
        <Icon name="chevronDown" className="icon role-card__chevron" />
      </button>
      <div id={`${id}-details`} className="role-card__details" hidden={!expanded}>
        <p>{role.details}</p>
      </div>
    </li>
  )
}
