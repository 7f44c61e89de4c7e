import { Trans, useLingui } from '@lingui/react/macro'
import { useParams, useSearch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useItems } from '../features/catalog/api/items'
import { useStore } from '../features/catalog/api/store'
import { CatalogMessage } from '../features/catalog/components/catalog-message'
import { StoreOpenStatus } from '../features/catalog/components/store-open-status'
import { type KnownStore, useKnownStore } from '../features/catalog/use-known-store'
import { currentLanguage } from '../i18n/language'
import { useCurrentUser } from '../lib/current-user'
import { ApiError } from '../lib/http'
import { Button, ButtonLink } from '../ui/button'
import { ShopPage } from '../ui/shop-page'
import { CartBar } from './store-catalog/cart-bar'
import { CartLink } from './store-catalog/cart-link'
import { CatalogBrowser } from './store-catalog/catalog-browser'

/** /store/{id} (spec 001 §2): one store's shelves, to filter, search and add to the cart from. */
export function StoreCatalogPage() {
  const { id } = useParams({ from: '/store/$id' })
  const { t } = useLingui()
  const session = useCurrentUser()

  if (session.isPending)
    return (
      <CatalogPage title={t`Store`}>
        <CatalogMessage busy title={t`Loading...`} />
      </CatalogPage>
    )
  // The route table keeps signed-out visitors away; a session that ends while the page is open lands here.
  if (!session.data?.user)
    return (
      <CatalogPage title={t`Store`}>
        <CatalogMessage
          title={t`Please log in to view store catalog`}
          action={
            <Button type="button" variant="primary" onClick={() => window.location.assign('/api/login')}>
              <Trans>Log In</Trans>
            </Button>
          }
        />
      </CatalogPage>
    )
  return <StoreCatalog storeId={id} />
}

function StoreCatalog({ storeId }: { storeId: string }) {
  const { t } = useLingui()
  const { store, isPending, error } = useKnownStore(storeId)
  if (isPending)
    return (
      <CatalogPage title={t`Store`}>
        <CatalogMessage busy title={t`Loading store...`} />
      </CatalogPage>
    )
  if (!store) {
    const missing = !error || (error instanceof ApiError && error.status === 404)
    return (
      <CatalogPage title={t`Store`}>
        <CatalogMessage
          title={missing ? t`Store not found` : t`Error loading store`}
          action={
            <ButtonLink to="/store-search" variant="primary">
              <Trans>Find Stores</Trans>
            </ButtonLink>
          }
        >
          <p>{missing ? t`This store may have closed, or the link is out of date.` : errorText(error)}</p>
        </CatalogMessage>
      </CatalogPage>
    )
  }
  return (
    <CatalogPage title={store.name} storeId={store.id}>
      {store.description && <p className="meta catalog-intro">{store.description}</p>}
      <StoreHours store={store} />
      <StoreShelves store={store} />
      <CartBar storeId={store.id} />
    </CatalogPage>
  )
}

/** The store as cached is as old as the search that found it: whether it is open now is asked afresh, the cached answer shown meanwhile. */
function StoreHours({ store }: { store: KnownStore }) {
  const fresh = useStore(store.id)
  return (
    <p>
      <StoreOpenStatus store={fresh.data ?? store} />
    </p>
  )
}

function StoreShelves({ store }: { store: KnownStore }) {
  const items = useItems(store.id)
  const { t } = useLingui()
  const { q: searched } = useSearch({ from: '/store/$id' })
  if (items.isPending) return <CatalogMessage busy title={t`Loading items...`} />
  if (items.isError)
    return (
      <CatalogMessage
        title={t`Error loading items`}
        action={
          <Button type="button" variant="primary" onClick={() => window.location.reload()}>
            <Trans>Retry</Trans>
          </Button>
        }
      >
        <p>{errorText(items.error)}</p>
      </CatalogMessage>
    )
  // The language on screen: useLingui re-renders this on a switch, so the items' own names follow it.
  return <CatalogBrowser store={store} items={items.data} searched={searched} language={currentLanguage()} />
}

const errorText = (error: Error) => (error instanceof ApiError ? error.userMessage : error.message)

function CatalogPage({ title, storeId, children }: { title: string; storeId?: string; children: ReactNode }) {
  const { t } = useLingui()
  return (
    <ShopPage back={{ to: '/buyer', label: t`Back to home` }} title={title} action={storeId && <CartLink storeId={storeId} />} mainClassName="catalog">
      {children}
    </ShopPage>
  )
}
