export { notifications, type NotificationData } from './schema'
