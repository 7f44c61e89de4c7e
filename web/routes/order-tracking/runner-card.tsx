import { plural, t } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { ContactCard, ContactLines } from '../../features/orders/components/contact-card'
import { PhoneLink } from '../../ui/phone-link'

/** The runner's record as the server worked it out: their average once 3 ratings make one, else 'New runner'. */
function runnerRecord(order: Order) {
  const figures = order.runnerRating
  if (!figures || figures.average === null) return t`New runner`
  const average = figures.average.toFixed(1)
  const ratings = figures.count
  const count = figures.deliveries
  const deliveries = plural(count, { one: '# delivery', other: '# deliveries' })
  return t`★ ${average} from ${ratings} ratings · ${deliveries}`
}

/**
 * Who is delivering (001 §2). Names and phone reach the buyer only once a runner has accepted
 * (§6), so until then this says who will appear; then the runner's real rating and deliveries.
 */
export function RunnerCard({ order }: { order: Order }) {
  const { t } = useLingui()
  if (order.status === 'cancelled') return null
  const name = [order.runnerFirstName, order.runnerLastName].filter(Boolean).join(' ')
  return (
    <ContactCard title={t`Your Runner`} icon="bicycle">
      {order.runnerId ? (
        <ContactLines
          name={name || t`Your runner`}
          line={runnerRecord(order)}
          phone={order.runnerPhone && <PhoneLink phone={order.runnerPhone} who={order.runnerFirstName?.trim() || t`your runner`} />}
        />
      ) : (
        <ContactLines name={t`No runner yet`} line={t`When a runner accepts your order, their name and phone number appear here.`} />
      )}
    </ContactCard>
  )
}
