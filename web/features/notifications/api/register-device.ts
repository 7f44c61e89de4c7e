import { fcmTokenResponseSchema } from '../../../../modules/notifications/contract'
import { apiRequest } from '../../../lib/http'

/** POST /api/user/fcm-token: this device's push token, for a user with a verified phone (403 otherwise). */
export const registerDevice = (fcmToken: string) => apiRequest('POST', '/api/user/fcm-token', fcmTokenResponseSchema, { fcmToken })
