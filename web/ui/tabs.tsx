import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

export type TabOption<Id extends string> = { id: Id; label: string }

/** Keys that move between tabs, as in the WAI-ARIA tabs pattern; selection follows focus. */
const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

type TabsProps<Id extends string> = {
  /** What the tabs choose between, for screen readers. */
  label: string
  tabs: readonly TabOption<Id>[]
  selected: Id
  onSelect: (tab: Id) => void
  panels: Record<Id, ReactNode>
}

/**
 * Tabs as a segmented control, chosen by the screen that holds them (in its state or its URL).
 * Only the selected tab is in the tab order; arrows, Home and End move selection and focus.
 * Every panel stays mounted, so switching keeps what was typed or loaded in the others.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, panels }: TabsProps<Id>) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>())
  const baseId = useId()
  const tabId = (tab: Id) => `${baseId}-${tab}-tab`
  const panelId = (tab: Id) => `${baseId}-${tab}-panel`

  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEP[event.key]
    if (!step) return
    event.preventDefault()
    const index = step(
      tabs.findIndex((tab) => tab.id === selected),
      tabs.length,
    )
    const next = tabs[(index + tabs.length) % tabs.length]!.id
    onSelect(next)
    buttons.current.get(next)?.focus()
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element)
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="tabs__tab"
            aria-selected={selected === tab.id}
            aria-controls={panelId(tab.id)}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} className="tabs__panel" hidden={selected !== tab.id}>
          {panels[tab.id]}
        </div>
      ))}
    </div>
  )
}
