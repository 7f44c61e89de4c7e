import type { Order } from '../../../modules/orders/contract'
import { ContactCard, ContactLines } from '../../features/orders/components/contact-card'
import { PhoneLink } from '../../ui/phone-link'

/** Where to shop: the store as it was when the order was placed. */
export function StoreCard({ order }: { order: Order }) {
  return (
    <ContactCard title="Store" icon="store">
      <ContactLines name={order.storeName} line={order.storeAddress} phone={order.storePhone && <PhoneLink phone={order.storePhone} who={order.storeName} />} />
    </ContactCard>
  )
}
