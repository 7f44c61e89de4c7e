import { RUNNER_EARNINGS } from '../../../lib/service-facts'
import { ButtonLink } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { IconTile } from '../../../ui/icon'

/**
 * A runner's screen for someone who only buys: what runners do, and where to become one.
 * `screen` names the screen they opened ('The runner dashboard', 'The Earnings screen').
 */
export function NotARunner({ screen = 'The runner dashboard' }: { screen?: string }) {
  return (
    <Card className="stack stack--start not-a-runner" aria-labelledby="not-a-runner-heading">
      <IconTile name="bicycle" />
      <h1 id="not-a-runner-heading" className="not-a-runner__heading">
        Deliver with your community
      </h1>
      <p>
        {screen} is for runners, and your account is set up for buying only. Runners see orders waiting near them, shop at the store and deliver them. They
        earn: {RUNNER_EARNINGS}.
      </p>
      <p>To start, add the Runner role to your profile.</p>
      <ButtonLink to="/profile" variant="primary">
        Add Runner Role in Profile
      </ButtonLink>
    </Card>
  )
}
