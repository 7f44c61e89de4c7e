import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { type OrderMessage, orderMessageResponseSchema, orderMessagesResponseSchema } from '../../../../modules/conversation/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'

const messagesUrl = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/messages`

/** GET /api/orders/{id}/messages: the order's chat, oldest first. */
export const fetchOrderMessages = async (orderId: string) => (await apiRequest('GET', messagesUrl(orderId), orderMessagesResponseSchema)).messages

/** Kept current by the order's stream (each message event is merged in), so it is never stale on its own. */
export const orderMessagesQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['orders', 'messages', orderId], queryFn: () => fetchOrderMessages(orderId), staleTime: Number.POSITIVE_INFINITY })

/** While the stream is down, the chat is polled with the order (`pollMs`). */
export const useOrderMessages = (orderId: string, { pollMs }: { pollMs: number | false }) =>
  useQuery({ ...orderMessagesQueryOptions(orderId), refetchInterval: pollMs })

/** Adds a message to its order's chat once: the sender hears it both in the POST's answer and on the stream. */
export function mergeOrderMessage(queryClient: QueryClient, message: OrderMessage) {
  queryClient.setQueryData<OrderMessage[]>(orderMessagesQueryOptions(message.orderId).queryKey, (messages) =>
    messages === undefined || messages.some((known) => known.id === message.id) ? messages : [...messages, message],
  )
}

/** POST /api/orders/{id}/messages; 409 CHAT_CLOSED outside the chat's window, 429 past 20 a minute. */
export function useSendOrderMessage(orderId: string) {
  const queryClient = useQueryClient()
  return useSingleFlightMutation({
    mutationFn: async (message: string) => (await apiRequest('POST', messagesUrl(orderId), orderMessageResponseSchema, { message })).message,
    onSuccess: (message) => mergeOrderMessage(queryClient, message),
  })
}
