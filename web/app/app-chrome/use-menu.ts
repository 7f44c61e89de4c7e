import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'

/**
 * The WAI-ARIA menu button pattern: the button opens the menu and focus moves into it; arrow
 * keys, Home and End move between items; Escape closes and returns focus to the button; Tab or
 * a click anywhere else just closes.
 */
export function useMenu() {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const focusOnOpen = useRef<'first' | 'last'>('first')

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus
    setOpen(true)
  }
  const close = useCallback(({ refocus }: { refocus: boolean }) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const list = items()
    ;(focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus()
    const closeIfOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeIfOutside)
    return () => document.removeEventListener('pointerdown', closeIfOutside)
  }, [open])

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    openMenu(event.key === 'ArrowUp' ? 'last' : 'first')
  }

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items()
    const current = list.indexOf(document.activeElement as HTMLElement)
    const moveTo = (index: number) => {
      event.preventDefault()
      list[(index + list.length) % list.length]?.focus()
    }
    if (event.key === 'ArrowDown') moveTo(current + 1)
    else if (event.key === 'ArrowUp') moveTo(current - 1)
    else if (event.key === 'Home') moveTo(0)
    else if (event.key === 'End') moveTo(list.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      close({ refocus: true })
    } else if (event.key === 'Tab') close({ refocus: false })
  }

  return {
    open,
    rootRef,
    menuRef,
    close,
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      onClick: () => (open ? close({ refocus: false }) : openMenu('first')),
      onKeyDown: onButtonKeyDown,
    },
    onMenuKeyDown,
  }
}
