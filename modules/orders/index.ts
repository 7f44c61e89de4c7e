export { orders, orderMessages, ORDER_STATUSES, type OrderStatus, type OrderItem } from './schema'
