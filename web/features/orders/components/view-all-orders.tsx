import { Trans } from '@lingui/react/macro'
import { ButtonLink } from '../../../ui/button'

/** The way from one order's page to the whole list, when the order is missing or once it is placed. */
export function ViewAllOrders() {
  return (
    <ButtonLink to="/orders">
      <Trans>View All Orders</Trans>
    </ButtonLink>
  )
}
