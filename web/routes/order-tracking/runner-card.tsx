import type { Order } from '../../../modules/orders/contract'
import { Icon } from '../../ui/icon'
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
    <section className="card order-card" aria-labelledby="runner-card-heading">
      <h2 id="runner-card-heading" className="kicker">
        Your Runner
      </h2>
      <div className="row">
        <div className="icon-tile order-card__icon" aria-hidden="true">
          <Icon name="bicycle" />
        </div>
        {order.runnerId ? (
          <div className="text-stack">
            <p className="card__name">{name || 'Your runner'}</p>
            <p className="meta">{runnerRecord(order)}</p>
            {order.runnerPhone && <PhoneLink phone={order.runnerPhone} who={order.runnerFirstName?.trim() || 'your runner'} />}
          </div>
        ) : (
          <div className="text-stack">
            <p className="card__name">No runner yet</p>
            <p className="meta">When a runner accepts your order, their name and phone number appear here.</p>
          </div>
        )}
      </div>
    </section>
  )
}
