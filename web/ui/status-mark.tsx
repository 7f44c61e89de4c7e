import { Icon } from './icon'
import type { IconName } from './icon-paths'

/**
 * The large round mark over the heading of a step that has ended: a tick on green when it went
 * through, another icon on saffron when it is done for now but waits on something.
 */
export function StatusMark({ icon = 'check', pending = false }: { icon?: IconName; pending?: boolean }) {
  return (
    <span className={pending ? 'status-mark status-mark--pending' : 'status-mark'} aria-hidden="true">
      <Icon name={icon} />
    </span>
  )
}
