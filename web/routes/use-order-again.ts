import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { CatalogItem } from '../../modules/catalog/contract'
import { isOpenStatus, type Order } from '../../modules/orders/contract'
import { type CartLine, readCart, restoreCart } from '../features/cart/cart-storage'
import { itemsQueryOptions } from '../features/catalog/api/items'
import { useCurrentUser } from '../lib/current-user'
import { failureMessage } from '../lib/form-errors'
import { isOnline, needsConnection } from '../lib/online'
import { useToast } from '../ui/toast'

/**
 * The order's lines as they would go back in the cart: each at the store's price today, with the
 * buyer's note and out-of-stock choice as they were. A line the store no longer sells is left out.
 */
export function reorderLines(order: Pick<Order, 'items'>, shelves: readonly CatalogItem[]) {
  const sold = new Map(shelves.map((item) => [item.id, item]))
  const lines: CartLine[] = []
  const gone: string[] = []
  for (const item of order.items) {
    const now = sold.get(item.id)
    if (!now) {
      gone.push(item.name)
      continue
    }
    const { id, name, unit, price, priceUnit, isEstimatedPrice } = now
    lines.push({
      id,
      name,
      unit,
      price,
      priceUnit,
      isEstimatedPrice,
      quantity: item.quantity,
      comment: item.comment,
      substitution: item.substitutionPreference,
    })
  }
  return { lines, gone }
}

/** 'Ghee, Atta and Dal' in English (no serial comma, as British English lists), and in each language its own way. */
const listed = (names: string[], language: string) => new Intl.ListFormat(language === 'en' ? 'en-GB' : language, { type: 'conjunction' }).format(names)

/** Whether the viewer may order this again: their own order, once it has ended (delivered or cancelled). */
export function useMayOrderAgain(order: Order) {
  const viewerId = useCurrentUser().data?.user?.id
  return order.buyerId === viewerId && !isOpenStatus(order.status)
}

/**
 * Fills that store's cart with an ended order's items, as the store sells them today, and opens
 * the cart. Lines already in the cart stay as they are, so pressing it twice adds nothing twice.
 * Items no longer sold are skipped, and a toast names them.
 */
export function useOrderAgain(order: Order) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { toast } = useToast()
  const { t, i18n } = useLingui()
  const busy = useRef(false)
  const [pending, setPending] = useState(false)

  const orderAgain = async () => {
    if (busy.current) return
    if (!isOnline()) return toast(needsConnection('orderAgain'))
    busy.current = true
    setPending(true)
    const store = order.storeName
    try {
      const { lines, gone } = reorderLines(order, await queryClient.fetchQuery(itemsQueryOptions(order.storeId)))
      if (lines.length === 0) {
        toast({ title: t`Nothing to Order Again`, description: t`${store} no longer sells any of these items.`, variant: 'destructive' })
        return
      }
      const inCart = readCart(order.storeId)
      const kept = new Set(inCart.map((line) => line.id))
      restoreCart(order.storeId, [...inCart, ...lines.filter((line) => !kept.has(line.id))])
      if (gone.length > 0) {
        const count = gone.length
        const names = listed(gone, i18n.locale)
        toast({
          title: plural(count, { one: 'One item left out', other: '# items left out' }),
          description: plural(count, {
            one: `${store} no longer sells ${names}, so it is not in your cart.`,
            other: `${store} no longer sells ${names}, so they are not in your cart.`,
          }),
        })
      }
      await navigate({ to: '/cart', search: { storeId: order.storeId } })
    } catch (error) {
      toast({ title: t`Could Not Order Again`, description: failureMessage(error, t`Please check your connection and try again.`), variant: 'destructive' })
    } finally {
      busy.current = false
      setPending(false)
    }
  }
  return { orderAgain, pending }
}
