import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { Tabs } from '../../ui/tabs'

const TABS = [
  { id: 'login', label: msg`Login` },
  { id: 'signup', label: msg`Sign Up` },
] as const

export type AuthTab = (typeof TABS)[number]['id']

/** The 'Login' and 'Sign Up' tabs; switching keeps what was typed in the other one. */
export function AuthTabs({ initialTab, panels }: { initialTab: AuthTab; panels: Record<AuthTab, ReactNode> }) {
  const { t, i18n } = useLingui()
  const [selected, setSelected] = useState<AuthTab>(initialTab)
  const tabs = TABS.map((tab) => ({ id: tab.id, label: i18n._(tab.label) }))
  return <Tabs label={t`Sign in or create an account`} tabs={tabs} selected={selected} onSelect={setSelected} panels={panels} />
}
