import { plural, t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { chatOpen, MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG, newOrderMessageSchema, type OrderMessage } from '../../../../modules/conversation/contract'
import { ORDER_POLL_MS, type Order } from '../../../../modules/orders/contract'
import { characterCount } from '../../../../modules/shared/contract'
import { useClock } from '../../../lib/clock'
import { formatMoment } from '../../../lib/format-time'
import { ApiError } from '../../../lib/http'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { FieldError } from '../../../ui/form'
import { useValidatedForm } from '../../../ui/use-validated-form'
import { useOrderMessages, useSendOrderMessage } from '../api/order-messages'
import { requestOpenChat, useChatRead, useOpenChatRequests } from '../use-chat-read'

type Role = OrderMessage['senderRole']

const otherName = (order: Order, me: Role) =>
  me === 'buyer' ? order.runnerFirstName?.trim() || t`your runner` : order.buyerFirstName?.trim() || t`the customer`

/** Why a send failed, in words: the server's reason when it gave one (chat closed, too fast), else the connection. */
function sendFailure(error: unknown) {
  if (error instanceof ApiError && typeof error.body.message === 'string') {
    const reason = error.body.message
    return t`Not sent: ${reason}`
  }
  return t`Not sent: check your connection and try again.`
}

type Props = {
  order: Order
  /** Who is reading: the buyer on tracking, the runner on the active delivery. */
  me: Role
  /** Whether the order's stream is live; while it is not, the chat is polled with the order. */
  live: boolean
}

/**
 * The buyer and the runner talk about the order (a swap, the gate code). Folded until opened,
 * with a count of what came in since it was last open; the log is a polite live region, Enter
 * sends (Shift+Enter for a new line), and a failed send keeps the text and says why.
 */
export function ChatPanel({ order, me, live }: Props) {
  const messages = useOrderMessages(order.id, { pollMs: live ? false : ORDER_POLL_MS })
  const list = messages.data ?? []
  const { unread, markRead } = useChatRead(order.id, list, me)
  const [open, setOpen] = useState(false)
  const now = useClock().now()
  const other = otherName(order, me)
  const panelId = useId()
  const section = useRef<HTMLElement>(null)
  const { t } = useLingui()

  useEffect(() => {
    if (open) markRead()
  }, [open, markRead])
  useOpenChatRequests(
    order.id,
    useCallback(() => {
      setOpen(true)
      section.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
    }, []),
  )

  // A closed chat (cancelled, or a day after delivery) is not offered as a chat: what was said stays readable, and none said is nothing to show.
  const closed = !chatOpen(order, new Date(now))
  if (closed && messages.isSuccess && list.length === 0) return null

  return (
    <Card ref={section} compact className="stack chat" aria-labelledby={`${panelId}-heading`}>
      <h2 id={`${panelId}-heading`} className="chat__heading">
        <button type="button" className="chat__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
          <span>{closed ? t`Earlier messages with ${other}` : t`Chat with ${other}`}</span>
          {unread > 0 && <span className="chat__unread">{unreadWords(unread)}</span>}
        </button>
      </h2>
      {open && (
        <div id={panelId} className="stack">
          <ol className="chat__log" role="log" aria-live="polite" aria-label={t`Messages with ${other}`}>
            {list.length === 0 && (
              <li className="meta">
                {messages.isPending ? t`Loading messages...` : messages.isError ? t`Messages could not be loaded.` : t`No messages yet.`}
              </li>
            )}
            {list.map((message) => (
              <ChatMessage key={message.id} message={message} mine={message.senderRole === me} other={other} now={now} />
            ))}
          </ol>
          {!closed ? (
            <Composer orderId={order.id} other={other} />
          ) : (
            <p className="meta">{order.status === 'cancelled' ? t`This order was cancelled, so its chat is closed.` : t`This chat is closed.`}</p>
          )}
        </div>
      )}
    </Card>
  )
}

const unreadWords = (unread: number) => plural(unread, { one: '# new message', other: '# new messages' })

/**
 * The chat's unread count where the next step is (the runner's action bar), since the chat's own
 * heading may be scrolled away or under that bar; a tap opens the chat and brings it into view.
 */
export function ChatReminder({ order, me }: { order: Order; me: Role }) {
  const messages = useOrderMessages(order.id, { pollMs: false })
  const { unread } = useChatRead(order.id, messages.data ?? [], me)
  const { t } = useLingui()
  if (unread === 0) return null
  const other = otherName(order, me)
  return (
    <button type="button" className="chat__reminder" onClick={() => requestOpenChat(order.id)}>
      {t`${plural(unread, { one: '# new message', other: '# new messages' })} from ${other}`}
    </button>
  )
}

function ChatMessage({ message, mine, other, now }: { message: OrderMessage; mine: boolean; other: string; now: number }) {
  const bubble = useRef<HTMLLIElement>(null)
  // The newest message comes into view in the log's own scroll box, not the page's.
  useEffect(() => {
    const log = bubble.current?.parentElement
    if (log) log.scrollTop = log.scrollHeight
  }, [])
  const { t } = useLingui()
  return (
    <li ref={bubble} className={`chat__message chat__message--${mine ? 'mine' : 'theirs'}`}>
      <span className="visually-hidden">{mine ? t`You:` : t`${other}:`} </span>
      <span className="chat__text">{message.message}</span>
      <span className="meta meta--small">{formatMoment(message.createdAt, now)}</span>
    </li>
  )
}

function Composer({ orderId, other }: { orderId: string; other: string }) {
  const send = useSendOrderMessage(orderId)
  const form = useValidatedForm({ message: '' })
  const text = form.values.message
  const field = useRef<HTMLTextAreaElement>(null)
  const fieldId = useId()
  // Counted as the server counts, so nothing is cut: a long paste shows how far over it is instead.
  const count = characterCount(text.trim())
  const over = count > MESSAGE_MAX_LENGTH
  const typed = count.toLocaleString('en-US')
  const limit = MESSAGE_MAX_LENGTH.toLocaleString('en-US')
  const shown = form.errors.message ?? (over ? MESSAGE_TOO_LONG : null)
  const { t } = useLingui()

  // Opening the chat is asking to write.
  useEffect(() => field.current?.focus(), [])

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (send.isPending) return
    const checked = form.validate(newOrderMessageSchema)
    if (!checked) return
    send.mutate(checked.message, {
      onSuccess: () => form.setValue('message', ''),
      onError: (error) => form.showErrors({ message: sendFailure(error) }),
      onSettled: () => field.current?.focus(),
    })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }

  return (
    <form ref={form.formRef} className="chat__composer" onSubmit={submit} aria-busy={send.isPending}>
      <label htmlFor={fieldId} className="chat__label">
        <Trans>Message to {other}</Trans>
      </label>
      <div className="chat__row">
        <textarea
          ref={field}
          id={fieldId}
          rows={2}
          value={text}
          onChange={(event) => form.setValue('message', event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={shown !== null}
          aria-describedby={`${fieldId}-count${shown ? ` ${fieldId}-problem` : ''}`}
        />
        <Button type="submit" variant="primary" className="chat__send" disabled={send.isPending}>
          {send.isPending ? t`Sending...` : t`Send`}
        </Button>
      </div>
      <p id={`${fieldId}-count`} className={`chat__count${over ? ' chat__count--over' : ''}`}>
        <Trans>
          {typed} / {limit} characters
        </Trans>
      </p>
      {shown && <FieldError id={`${fieldId}-problem`}>{shown}</FieldError>}
    </form>
  )
}
