import { Link } from '@tanstack/react-router'
import { BRAND_NAME } from '../../modules/shared/contract'
import { useCurrentUser } from '../lib/current-user'
import { LoadingScreen } from '../ui/loading-screen'
import { EditProfileForm } from './profile/edit-profile-form'
import { ProfileSummary } from './profile/profile-summary'

/** The profile page (spec 001 §2). Until the buyer home exists it is also the signed-in home. */
export function ProfilePage() {
  const user = useCurrentUser().data?.user
  // The shell shows this page only once it knows a signed-in user; until then there is nothing to show.
  if (!user) return <LoadingScreen />

  return (
    <div className="profile-page">
      <header className="app-header">
        <div className="container app-header__bar profile-page__bar">
          <Link to="/" className="button button--ghost button--small profile-page__back">
            <span aria-hidden="true">←</span>&nbsp;Back to Home
          </Link>
          <span className="brand">
            <span className="brand__mark" aria-hidden="true">
              {BRAND_NAME.charAt(0)}
            </span>
            {BRAND_NAME}
          </span>
        </div>
      </header>
      <main className="container profile-page__main">
        <ProfileSummary user={user} />
        <section className="card" aria-labelledby="edit-profile-heading">
          <h2 id="edit-profile-heading" className="profile-page__heading">
            Edit Profile
          </h2>
          <EditProfileForm user={user} />
        </section>
        {/* Sign-out by navigation, as spec 001 §7 says: the server ends the session and sends the browser to /auth. */}
        <button type="button" className="button button--block profile-page__sign-out" onClick={() => window.location.assign('/api/logout')}>
          Sign Out
        </button>
      </main>
    </div>
  )
}
