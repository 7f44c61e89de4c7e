import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { useClock } from '../lib/clock'

export type Toast = {
  id: number
  title: string
  description?: string
  variant?: 'default' | 'destructive' | 'success'
  /** Milliseconds until it closes by itself; without it, it stays until dismissed. */
  duration?: number
}

/** Spec 000 §9: one toast at a time, and none closes by itself unless it asks to. */
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

/** Closes the shown toast once its duration has passed, unless another toast replaced it first. */
function useAutoDismiss(current: Toast | null) {
  const clock = useClock()
  const setToast = useSetAtom(currentToastAtom)
  useEffect(() => {
    if (!current?.duration) return
    const deadline = clock.now() + current.duration
    const stop = clock.every(EXPIRY_CHECK_MS, () => {
      if (clock.now() < deadline) return
      stop()
      setToast((shown) => (shown?.id === current.id ? null : shown))
    })
    return stop
  }, [current, clock, setToast])
}

export function Toaster() {
  const current = useAtomValue(currentToastAtom)
  const { dismiss } = useToast()
  useAutoDismiss(current)
  return (
    <div className="toaster" role="region" aria-label="Notifications">
      {current && (
        <div
          key={current.id}
          className={`toast toast--${current.variant ?? 'default'}`}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={current.variant === 'destructive' ? 'assertive' : 'polite'}
        >
          <div className="toast__text">
            <p className="toast__title">{current.title}</p>
            {current.description && <p className="toast__description">{current.description}</p>}
          </div>
          <button type="button" className="toast__close" onClick={dismiss} aria-label="Dismiss notification">
            ×
          </button>
        </div>
      )}
    </div>
  )
}
