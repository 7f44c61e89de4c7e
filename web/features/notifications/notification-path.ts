import type { NotificationData } from '../../../modules/notifications/contract'

/**
 * Where a notification takes its reader: a buyer's order news opens the order's tracking, a
 * runner's offer (or one withdrawn) the dashboard where offers are, a refund or a resolved problem
 * the order's page the server named, and news of their payouts the Earnings screen. Shared by the pages and the service workers, so a click in the list and
 * on a browser notification land in the same place.
 */
export function notificationPath(data: Partial<NotificationData> | null | undefined): string {
  switch (data?.type) {
    case 'new_order_nearby':
    case 'order_withdrawn':
      return '/runner'
    case 'order_accepted':
    case 'order_picked_up':
    case 'order_delivered':
    case 'order_cancelled':
      return data.orderId ? `/order/${encodeURIComponent(data.orderId)}` : '/orders'
    case 'refund_issued':
    case 'problem_resolved':
      // The server names the order's page for each side: the buyer's tracking, the runner's view of the order.
      return sameOriginPath(data.url) ?? (data.orderId ? `/orders/${encodeURIComponent(data.orderId)}` : '/orders')
    case 'password_reset':
      return sameOriginPath(data.url) ?? '/password-reset'
    case 'payout_sent':
    case 'payout_account_restricted':
      return sameOriginPath(data.url) ?? '/earnings'
    default:
      return '/notifications'
  }
}

/** A link from a message is followed only within this app: a push must never open another site. */
function sameOriginPath(url: string | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url, self.location.origin)
    return parsed.origin === self.location.origin ? `${parsed.pathname}${parsed.search}` : null
  } catch {
    return null
  }
}
