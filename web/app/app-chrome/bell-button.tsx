import { useUnreadCount } from '../../features/notifications/api/notifications'
import { Icon } from '../../ui/icon'
import { useToast } from '../../ui/toast'
import { ringBell } from './ring-bell'

/** The bell of spec 001 §2, with the count of unread notifications (kept fresh by the push stream). */
export function BellButton() {
  const { toast } = useToast()
  const unread = useUnreadCount()
  const onClick = async () => {
    try {
      const outcome = await ringBell()
      if (outcome === 'unsupported') alert('Notifications not supported in this browser')
      // A refusal is remembered by the browser, so asking again does nothing: say where to change it.
      else if (outcome === 'denied') toast({ title: 'Notifications are blocked', description: 'Allow notifications for this site in your browser settings.' })
    } catch (error) {
      console.error('Test notification failed:', error)
    }
  }
  return (
    <button type="button" className="top-bar__icon-button" aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'} onClick={onClick}>
      <Icon name="bell" />
      {unread > 0 && (
        <span className="count-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  )
}
