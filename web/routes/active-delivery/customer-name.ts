import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Order } from '../../../modules/orders/contract'

/** The customer as a sentence about them starts: their first name, else 'The customer'. */
export const customerName = (i18n: I18n, order: Pick<Order, 'buyerFirstName'>) =>
  order.buyerFirstName?.trim() || i18n._(msg({ comment: 'Starts a sentence about the buyer whose first name is not known', message: 'The customer' }))
