import type { PayoutLine } from '../../modules/payouts/contract'

/** A $7.00 delivery line waiting to become available: the state an earned line starts in; `overrides` for another. */
export const aPayoutLine = (overrides: Partial<PayoutLine> = {}): PayoutLine => ({
  id: 'line-1',
  orderId: '8a1c2e3f-0000-4000-8000-0000048f4d01',
  kind: 'delivery',
  amountCents: 700,
  reversedCents: 0,
  status: 'pending',
  availableAt: '2026-01-07T10:00:00.000Z',
  paidAt: null,
  transferId: null,
  bankPaidAt: null,
  returnedAt: null,
  returnReason: null,
  returnCode: null,
  lastAttemptRefused: false,
  createdAt: '2026-01-05T09:00:00.000Z',
  ...overrides,
})
