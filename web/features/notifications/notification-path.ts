import { type NotificationData, ORDER_LINKS } from '../../../modules/notifications/contract'

/**
 * Where a notification takes its reader: the link it carries (an order's notification opens the
 * order, on the buyer's tracking or the runner's delivery; a payout's the Earnings screen), kept
 * within this app. Records written before they carried a link go by their kind. Shared by the
 * pages and the service workers, so a click in the list and on a browser notification land in
 * the same place. `origin` is this app's (the page's or the worker's).
 */
export function notificationPath(data: Partial<NotificationData> | null | undefined, origin = globalThis.location?.origin): string {
  const link = origin ? sameOriginPath(data?.url, origin) : null
  if (link) return link
  switch (data?.type) {
    case 'new_order_nearby':
    case 'order_withdrawn':
      return ORDER_LINKS.offers
    case 'order_accepted':
    case 'order_picked_up':
    case 'order_delivered':
    case 'order_cancelled':
      return data.orderId ? ORDER_LINKS.tracking(data.orderId) : '/orders'
    case 'password_reset':
      return '/password-reset'
    case 'payout_sent':
    case 'payout_returned':
    case 'payout_resent':
    case 'payout_account_restricted':
      return '/earnings'
    default:
      return data?.orderId ? ORDER_LINKS.detail(data.orderId) : '/notifications'
  }
}

/** A link from a message is followed only within this app: a push must never open another site. */
function sameOriginPath(url: string | undefined, origin: string): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url, origin)
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : null
  } catch {
    return null
  }
}
