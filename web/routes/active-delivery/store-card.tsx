import { useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { ContactCard, ContactLines } from '../../features/orders/components/contact-card'
import { MapsLink } from '../../ui/maps-link'
import { PhoneLink } from '../../ui/phone-link'

/** Where to shop: the store as it was when the order was placed, with the way there in the phone's maps app. */
export function StoreCard({ order }: { order: Order }) {
  const { t } = useLingui()
  return (
    <ContactCard title={t({ comment: 'Heading of the card naming the shop to buy the groceries at', message: 'Store' })} icon="store">
      <ContactLines
        name={order.storeName}
        line={order.storeAddress}
        phone={order.storePhone && <PhoneLink phone={order.storePhone} who={order.storeName} />}
        map={<MapsLink address={`${order.storeName}, ${order.storeAddress}`} place={order.storeName} />}
      />
    </ContactCard>
  )
}
