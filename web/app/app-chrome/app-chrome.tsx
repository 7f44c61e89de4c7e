import type { ReactNode } from 'react'
import { useCurrentUser } from '../../lib/current-user'
import { BottomTabs } from './bottom-tabs'
import { TopBar } from './top-bar'

/** The frame of the buyer screens (spec 001 §2): the top bar above, the tabs below (beside, on a desktop). */
export function AppChrome({ children }: { children: ReactNode }) {
  const user = useCurrentUser().data?.user ?? null
  return (
    <div className="app-chrome">
      <TopBar user={user} />
      <BottomTabs roles={user?.roles ?? []} />
      <main className="app-chrome__main">{children}</main>
    </div>
  )
}
