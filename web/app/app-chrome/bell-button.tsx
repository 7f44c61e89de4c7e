import { Icon } from '../../ui/icon'
import { useToast } from '../../ui/toast'
import { ringBell } from './test-notification'

export function BellButton() {
  const { toast } = useToast()
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
    <button type="button" className="top-bar__icon-button" aria-label="Notifications" onClick={onClick}>
      <Icon name="bell" />
    </button>
  )
}
