import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { NearbyStore } from '../../../modules/catalog/contract'
import { DemoBadge, NearbyStoreFacts } from '../../features/catalog/components/store-facts'
import { Button, ButtonAnchor } from '../../ui/button'
import { Card } from '../../ui/card'
import { Icon } from '../../ui/icon'

export function StoreResultCard({ store, onShop }: { store: NearbyStore; onShop: (store: NearbyStore) => void }) {
  const { t } = useLingui()
  const nameId = useId()
  const { name: storeName, phone } = store
  return (
    <Card as="article" compact className="stack stack--snug" aria-labelledby={nameId}>
      <div className="cluster">
        <h2 id={nameId} className="result-card__name">
          {store.name}
        </h2>
        {store.isSample && <DemoBadge />}
      </div>
      {store.description && <p className="meta">{store.description}</p>}
      <p className="result-card__address">{store.address}</p>
      <NearbyStoreFacts store={store} className="result-card__facts" />
      <div className="result-card__actions">
        {phone && (
          <ButtonAnchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="small" className="result-card__phone" aria-label={t`Call ${storeName}, ${phone}`}>
            <Icon name="phone" className="icon icon--small" />
            {phone}
          </ButtonAnchor>
        )}
        <Button type="button" variant="primary" size="small" className="result-card__shop" aria-describedby={nameId} onClick={() => onShop(store)}>
          <Trans>Shop Now</Trans>
        </Button>
      </div>
    </Card>
  )
}
