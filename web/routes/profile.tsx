import { Trans } from '@lingui/react/macro'
import { useChooseLanguage } from '../features/accounts/api/use-choose-language'
import { useLogout } from '../features/accounts/api/use-logout'
import { LanguageSelect } from '../i18n/language-select'
import { useCurrentUser } from '../lib/current-user'
import { BrandName } from '../ui/brand'
import { Button, ButtonLink } from '../ui/button'
import { Card } from '../ui/card'
import { LoadingScreen } from '../ui/loading-screen'
import { EditProfileForm } from './profile/edit-profile-form'
import { ProfileSummary } from './profile/profile-summary'

/** The profile page (spec 001 §2). */
export function ProfilePage() {
  const user = useCurrentUser().data?.user
  const logout = useLogout('/auth')
  const chooseLanguage = useChooseLanguage()
  // The shell shows this page only once it knows a signed-in user; until then there is nothing to show.
  if (!user) return <LoadingScreen />

  return (
    <div className="profile-page">
      <header className="header-bar">
        <div className="container app-header__bar profile-page__bar">
          <ButtonLink to="/" variant="ghost" size="small" className="profile-page__back">
            <span aria-hidden="true">←</span>&nbsp;<Trans>Back to Home</Trans>
          </ButtonLink>
          <span className="brand">
            <BrandName />
          </span>
        </div>
      </header>
      <main className="container shop-page__main profile-page__main">
        <ProfileSummary user={user} />
        <Card aria-labelledby="edit-profile-heading">
          <h2 id="edit-profile-heading" className="profile-page__heading">
            <Trans>Edit Profile</Trans>
          </h2>
          <EditProfileForm user={user} />
        </Card>
        <Card>
          <LanguageSelect onChoose={chooseLanguage} />
        </Card>
        {/* Spec 001 §7 navigates to GET /api/logout here. Posting like the avatar menu also drops the cached data (spec 000 §4), and does not rest on a GET the server honours only from our own pages. */}
        <Button type="button" block className="profile-page__sign-out" disabled={logout.isPending} onClick={() => logout.mutate()}>
          {logout.isPending ? <Trans>Signing out…</Trans> : <Trans>Sign Out</Trans>}
        </Button>
      </main>
    </div>
  )
}
