import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback } from 'react'

export type Toast = {
  id: number
  title: string
  description?: string
  variant?: 'default' | 'destructive' | 'success'
}

/** Spec 000 §9: one toast at a time, and none closes by itself. */
const currentToastAtom = atom<Toast | null>(null)
let nextId = 1

export function useToast() {
  const setToast = useSetAtom(currentToastAtom)
  const toast = useCallback((next: Omit<Toast, 'id'>) => setToast({ ...next, id: nextId++ }), [setToast])
  const dismiss = useCallback(() => setToast(null), [setToast])
  return { toast, dismiss }
}

export function Toaster() {
  const current = useAtomValue(currentToastAtom)
  const { dismiss } = useToast()
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
