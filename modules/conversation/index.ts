import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps } from '../shared/index'
import { conversationRoutes } from './routes'

export { findOrderMessage, ORDER_MESSAGE_CHANNEL, orderChatStream } from './chat'
export type { OrderMessage } from './contract'

/** Conversation: the chat between an order's buyer and its runner, from the runner's accept until a day after delivery. */
export function conversationModule(deps: ModuleDeps, session: SessionPlugin) {
  return conversationRoutes({ ...deps, session })
}
