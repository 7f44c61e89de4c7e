import { formatCents, PLATFORM_FEE_CENTS } from '../../modules/shared/contract'

/** The fee as every page states it; the same in every language (dollars, Latin digits). */
export const PLATFORM_FEE = formatCents(PLATFORM_FEE_CENTS)
