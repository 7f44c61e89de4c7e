import { useLingui } from '@lingui/react/macro'
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useLayoutEffect, useRef } from 'react'
import { TOAST_DURATION_MS } from '../../modules/shared/contract'
import { useClock } from '../lib/clock'

export type Toast = {
  id: number
  title: string
  description?: string
  variant?: 'default' | 'destructive' | 'success'
  /** Milliseconds it stays on screen while not hovered or focused; spec 000 §9's 5000 unless given. */
  duration?: number
}

/** Spec 000 §9: one toast at a time; a new one replaces the one shown. */
const currentToastAtom = atom<Toast | null>(null)
let nextId = 1

/** Often enough that a toast leaves close to its time; the clock, not the ticks, decides when. */
const EXPIRY_CHECK_MS = 250

export function useToast() {
  const setToast = useSetAtom(currentToastAtom)
  const toast = useCallback((next: Omit<Toast, 'id'>) => setToast({ ...next, id: nextId++ }), [setToast])
  const dismiss = useCallback(() => setToast(null), [setToast])
  return { toast, dismiss }
}

/**
 * Closes the shown toast once it has been on screen for its duration, unless another toast
 * replaced it first. Time spent hovered or focused does not count, so nobody loses a message
 * they are reading or about to dismiss.
 */
function useAutoDismiss(current: Toast | null) {
  const clock = useClock()
  const setToast = useSetAtom(currentToastAtom)
  const held = useRef({ hovered: false, focused: false })
  const shownFor = useRef({ ms: 0, since: 0 })

  const isHeld = () => held.current.hovered || held.current.focused
  /** Adds the time since the last count, unless the toast was held all that time. */
  const count = useCallback(() => {
    const now = clock.now()
    if (!isHeld()) shownFor.current.ms += now - shownFor.current.since
    shownFor.current.since = now
  }, [clock])
  const hold = useCallback(
    (reason: 'hovered' | 'focused', on: boolean) => {
      count()
      held.current[reason] = on
    },
    [count],
  )

  // A layout effect, so the countdown starts in the commit that shows the toast: a passive effect
  // may run a task later (a toast an answer shows renders outside any event), and time the toast
  // was already on screen before it ran went uncounted.
  useLayoutEffect(() => {
    if (!current) return
    const duration = current.duration ?? TOAST_DURATION_MS
    held.current = { hovered: false, focused: false }
    shownFor.current = { ms: 0, since: clock.now() }
    const stop = clock.every(EXPIRY_CHECK_MS, () => {
      count()
      if (shownFor.current.ms < duration) return
      stop()
      setToast((shown) => (shown?.id === current.id ? null : shown))
    })
    return stop
  }, [current, clock, count, setToast])

  return hold
}

export function Toaster() {
  const { t } = useLingui()
  const current = useAtomValue(currentToastAtom)
  const { dismiss } = useToast()
  const hold = useAutoDismiss(current)
  const destructive = current?.variant === 'destructive'
  return (
    <section className="toaster" aria-label={t`Notifications`}>
      {current && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a status or an alert by variant; hovering or focusing it only pauses its auto-dismiss (WCAG 2.2.1), and Escape reaches it from its own close button
        <div
          key={current.id}
          className={`toast toast--${current.variant ?? 'default'}`}
          role={destructive ? 'alert' : 'status'}
          aria-live={destructive ? 'assertive' : 'polite'}
          onMouseEnter={() => hold('hovered', true)}
          onMouseLeave={() => hold('hovered', false)}
          onFocus={() => hold('focused', true)}
          onBlur={(event) => event.currentTarget.contains(event.relatedTarget) || hold('focused', false)}
          onKeyDown={(event) => event.key === 'Escape' && dismiss()}
        >
          <div className="toast__text">
            <p className="toast__title">{current.title}</p>
            {current.description && <p className="toast__description">{current.description}</p>}
          </div>
          <button type="button" className="icon-button toast__close" onClick={dismiss} aria-label={t`Dismiss notification`}>
            ×
          </button>
        </div>
      )}
    </section>
  )
}
