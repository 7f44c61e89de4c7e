import type { ReactNode } from 'react'
import { Icon } from '../../../ui/icon'
import type { IconName } from '../../../ui/icon-paths'

/** Where an account step ended up (verified, saved, updated): its icon on a badge, then the heading and what follows. */
export function AuthStatus({ icon = 'check', pending = false, children }: { icon?: IconName; pending?: boolean; children: ReactNode }) {
  return (
    <div className="auth-status">
      <span className={pending ? 'auth-status__icon auth-status__icon--pending' : 'auth-status__icon'}>
        <Icon name={icon} />
      </span>
      {children}
    </div>
  )
}
