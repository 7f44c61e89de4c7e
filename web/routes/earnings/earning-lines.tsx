import { Trans, useLingui } from '@lingui/react/macro'
import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import type { PayoutLine } from '../../../modules/payouts/contract'
import { Button, ButtonLink } from '../../ui/button'
import { Card } from '../../ui/card'
import { EmptyState } from '../../ui/empty-state'
import { EarningLine } from './earning-line'
import { EarningsSection } from './earnings-section'

type Props = {
  /** The statement's pages, for the next one. */
  statement: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>
  /** Every line fetched so far, newest first. */
  lines: PayoutLine[]
}

/**
 * The statement: each delivery's earnings and each order's groceries paid back (paid by card),
 * newest first, 50 at a time with 'Load more'. One list, so the lines keep the order they were written in.
 */
export function EarningLines({ statement, lines }: Props) {
  const { t } = useLingui()
  return (
    <EarningsSection id="earning-lines-heading" title={<Trans>Statement</Trans>}>
      {lines.length === 0 ? (
        <EmptyState title={t`No earnings yet`} hint={t`Deliver an order to earn its fee and tip.`}>
          <ButtonLink to="/runner" size="small">
            <Trans>Find orders to deliver</Trans>
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <Card as="ul" className="earning-lines" aria-labelledby="earning-lines-heading">
            {lines.map((line) => (
              <li key={line.id}>
                <EarningLine line={line} />
              </li>
            ))}
          </Card>
          {statement.isFetchNextPageError && (
            <p className="form-notice form-notice--error" role="alert">
              <Trans>Older earnings could not be loaded. Please try again.</Trans>
            </p>
          )}
          {statement.hasNextPage && (
            <Button
              type="button"
              className="earning-lines__more"
              aria-disabled={statement.isFetchingNextPage}
              onClick={() => statement.isFetchingNextPage || void statement.fetchNextPage()}
            >
              {statement.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </Button>
          )}
        </>
      )}
    </EarningsSection>
  )
}
