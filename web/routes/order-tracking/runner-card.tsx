import type { Order } from '../../../modules/orders/contract'
import { ContactCard, ContactLines } from '../../features/orders/components/contact-card'
import { PhoneLink } from '../../ui/phone-link'

/** The runner's record as the server worked it out: their average once 3 ratings make one, else 'New runner'. */
function runnerRecord(order: Order) {
  const figures = order.runnerRating
  if (!figures || figures.average === null) return 'New runner'
  const deliveries = `${figures.deliveries.toLocaleString('en-US')} ${figures.deliveries === 1 ? 'delivery' : 'deliveries'}`
  return `★ ${figures.average.toFixed(1)} from ${figures.count} ratings · ${deliveries}`
}

/**
 * Who is delivering (001 §2). Names and phone reach the buyer only once a runner has accepted
 * (§6), so until then this says who will appear; then the runner's real rating and deliveries.
 */
export function RunnerCard({ order }: { order: Order }) {
  if (order.status === 'cancelled') return null
  const name = [order.runnerFirstName, order.runnerLastName].filter(Boolean).join(' ')
  return (
    <ContactCard title="Your Runner" icon="bicycle">
      {order.runnerId ? (
        <ContactLines
          name={name || 'Your runner'}
          line={runnerRecord(order)}
          phone={order.runnerPhone && <PhoneLink phone={order.runnerPhone} who={order.runnerFirstName?.trim() || 'your runner'} />}
        />
      ) : (
        <ContactLines name="No runner yet" line="When a runner accepts your order, their name and phone number appear here." />
      )}
    </ContactCard>
  )
}
