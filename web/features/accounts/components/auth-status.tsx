import type { ReactNode } from 'react'
import type { IconName } from '../../../ui/icon-paths'
import { StatusMark } from '../../../ui/status-mark'

/** Where an account step ended up (verified, saved, updated): its mark, then the heading and what follows, centred. */
export function AuthStatus({ icon, pending, children }: { icon?: IconName; pending?: boolean; children: ReactNode }) {
  return (
    <div className="stack stack--centred auth-status">
      <StatusMark icon={icon} pending={pending} />
      {children}
    </div>
  )
}
