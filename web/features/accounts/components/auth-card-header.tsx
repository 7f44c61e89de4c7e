import type { ReactNode } from 'react'
import { StepHeading } from './step-heading'

type AuthCardHeaderProps = {
  title: ReactNode
  /** The sentence under the title: what this card asks of the person. */
  lead: ReactNode
  /** For a step that replaces another on the same screen: its title takes focus when it opens. */
  step?: boolean
}

/** The top of an account card: its title, then one lead sentence. */
export function AuthCardHeader({ title, lead, step }: AuthCardHeaderProps) {
  return (
    <div className="auth-card__header">
      {step ? <StepHeading>{title}</StepHeading> : <h1>{title}</h1>}
      <p>{lead}</p>
    </div>
  )
}
