import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

const TABS = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
] as const

export type AuthTab = (typeof TABS)[number]['id']

/** Keys that move between tabs, as in the WAI-ARIA tabs pattern; selection follows focus. */
const STEP: Record<string, (index: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  Home: () => 0,
  End: () => TABS.length - 1,
}

/**
 * The 'Login' and 'Sign Up' tabs. Both panels stay mounted, so switching tabs keeps what
 * was typed in the other one.
 */
export function AuthTabs({ initialTab, panels }: { initialTab: AuthTab; panels: Record<AuthTab, ReactNode> }) {
  const [selected, setSelected] = useState<AuthTab>(initialTab)
  const tabs = useRef(new Map<AuthTab, HTMLButtonElement>())
  const baseId = useId()
  const tabId = (tab: AuthTab) => `${baseId}-${tab}-tab`
  const panelId = (tab: AuthTab) => `${baseId}-${tab}-panel`

  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEP[event.key]
    if (!step) return
    event.preventDefault()
    const next = TABS[(step(TABS.findIndex((tab) => tab.id === selected)) + TABS.length) % TABS.length]!.id
    setSelected(next)
    tabs.current.get(next)?.focus()
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label="Sign in or create an account" className="tabs__list" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) tabs.current.set(tab.id, element)
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="tabs__tab"
            aria-selected={selected === tab.id}
            aria-controls={panelId(tab.id)}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} className="tabs__panel" hidden={selected !== tab.id}>
          {panels[tab.id]}
        </div>
      ))}
    </div>
  )
}
