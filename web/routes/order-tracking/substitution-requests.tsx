import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import type { Order, OrderItemView } from '../../../modules/orders/contract'
import { useFormat } from '../../i18n/format'
import { useSecondsLeft } from '../../lib/use-seconds-left'
import { useToast } from '../../ui/toast'
import { SubstitutionAnswer } from './substitution-answer'
import { TrackingCard } from './tracking-card'

type Waiting = OrderItemView & { substitution: NonNullable<OrderItemView['substitution']> & { answerBy: string } }

const isWaiting = (item: OrderItemView): item is Waiting => item.substitution?.status === 'proposed' && item.substitution.answerBy !== null
const offered = (item: Waiting) => `${item.substitution.name}${item.substitution.price === null ? '' : ` ($${item.substitution.price})`}`

/**
 * Replacements waiting on the buyer, at the top of tracking where they cannot be missed: what is
 * missing, what the runner offers and its price, Approve or Reject, and the time left before an
 * unanswered one counts as a no. Each new one is also announced with a toast.
 */
export function SubstitutionRequests({ order }: { order: Order }) {
  const waiting = order.items.filter(isWaiting)
  const { t } = useLingui()
  const runner = order.runnerFirstName?.trim() || t`Your runner`
  useAnnounced(waiting, runner)
  if (waiting.length === 0) return null
  const count = waiting.length
  return (
    <TrackingCard title={t`${runner} suggests ${plural(count, { one: 'a replacement', other: '# replacements' })}`} className="stack substitution-requests">
      <ul className="substitution-requests__list">
        {waiting.map((item) => (
          <SubstitutionRequest key={item.id} orderId={order.id} item={item} runner={runner} />
        ))}
      </ul>
    </TrackingCard>
  )
}

function SubstitutionRequest({ orderId, item, runner }: { orderId: string; item: Waiting; runner: string }) {
  const secondsLeft = useSecondsLeft(Date.parse(item.substitution.answerBy))
  const { t } = useLingui()
  const missing = item.name
  const replacement = offered(item)
  const wait = useFormat().wait(secondsLeft)
  return (
    <li className="substitution-request">
      <p>
        <Trans>
          The store has no <strong>{missing}</strong>. {runner} suggests <strong>{replacement}</strong>.
        </Trans>
      </p>
      {item.substitution.note && <p className="meta">“{item.substitution.note}”</p>}
      <p className="meta substitution-request__countdown" role="timer" aria-live="off">
        {secondsLeft > 0
          ? t`Answer within ${wait}, or it counts as a no and ${missing} is left out.`
          : t`No answer yet: unless you approve it before ${runner} picks up, ${missing} is left out.`}
      </p>
      <SubstitutionAnswer orderId={orderId} item={item} />
    </li>
  )
}

/** A toast for each replacement not yet announced on this page. */
function useAnnounced(waiting: readonly Waiting[], runner: string) {
  const { toast } = useToast()
  const { t } = useLingui()
  const announced = useRef(new Set<string>())
  useEffect(() => {
    const fresh = waiting.filter((item) => !announced.current.has(`${item.id}|${item.substitution.answerBy}`))
    for (const item of fresh) announced.current.add(`${item.id}|${item.substitution.answerBy}`)
    const newest = fresh.at(-1)
    if (!newest) return
    const missing = newest.name
    const replacement = offered(newest)
    toast({ title: t`Replace ${missing}?`, description: t`${runner} suggests ${replacement}. Answer at the top of this page.` })
  }, [waiting, runner, toast, t])
}
