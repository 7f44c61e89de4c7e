import type { ReactNode } from 'react'
import type { IconName } from '../../../ui/icon-paths'
import { StatusMark } from '../../../ui/status-mark'
import { StepHeading } from './step-heading'

type AuthStatusProps = {
  icon?: IconName
  pending?: boolean
  title: ReactNode
  /** For a status that replaces a step on the same screen: its title takes focus when it opens. */
  step?: boolean
  children: ReactNode
}

/** Where an account step ended up (verified, saved, updated): its mark, then the heading and what follows, centred. */
export function AuthStatus({ icon, pending, title, step, children }: AuthStatusProps) {
  return (
    <div className="stack stack--centred auth-status">
      <StatusMark icon={icon} pending={pending} />
      {step ? <StepHeading>{title}</StepHeading> : <h1>{title}</h1>}
      {children}
    </div>
  )
}
