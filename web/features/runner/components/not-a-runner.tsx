import { Trans } from '@lingui/react/macro'
import { useServiceWords } from '../../../lib/use-service-words'
import { ButtonLink } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { IconTile } from '../../../ui/icon'

/** A runner's screen for someone who only buys: what runners do, and where to become one. `screen` is the screen they opened. */
export function NotARunner({ screen = 'dashboard' }: { screen?: 'dashboard' | 'earnings' }) {
  const { runnerEarnings } = useServiceWords()
  return (
    <Card className="stack stack--start not-a-runner" aria-labelledby="not-a-runner-heading">
      <IconTile name="bicycle" />
      <h1 id="not-a-runner-heading" className="not-a-runner__heading">
        <Trans>Deliver with your community</Trans>
      </h1>
      <p>
        {screen === 'earnings' ? (
          <Trans>
            The Earnings screen is for runners, and your account is set up for buying only. Runners see orders waiting near them, shop at the store and deliver
            them. They earn: {runnerEarnings}.
          </Trans>
        ) : (
          <Trans>
            The runner dashboard is for runners, and your account is set up for buying only. Runners see orders waiting near them, shop at the store and deliver
            them. They earn: {runnerEarnings}.
          </Trans>
        )}
      </p>
      <p>
        <Trans>To start, add the Runner role to your profile.</Trans>
      </p>
      <ButtonLink to="/profile" variant="primary">
        <Trans>Add Runner Role in Profile</Trans>
      </ButtonLink>
    </Card>
  )
}
