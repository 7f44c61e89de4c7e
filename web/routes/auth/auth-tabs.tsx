import { type ReactNode, useState } from 'react'
import { Tabs } from '../../ui/tabs'

const TABS = [
  { id: 'login', label: 'Login' },
  { id: 'signup', label: 'Sign Up' },
] as const

export type AuthTab = (typeof TABS)[number]['id']

/** The 'Login' and 'Sign Up' tabs; switching keeps what was typed in the other one. */
export function AuthTabs({ initialTab, panels }: { initialTab: AuthTab; panels: Record<AuthTab, ReactNode> }) {
  const [selected, setSelected] = useState<AuthTab>(initialTab)
  return <Tabs label="Sign in or create an account" tabs={TABS} selected={selected} onSelect={setSelected} panels={panels} />
}
