import { BRAND_NAME, PARENT_COMPANY } from '../../modules/shared/contract'

// The app's footer and the server-rendered welcome page print the same words.

export const footerCopyright = (year: number) => `© ${year} ${PARENT_COMPANY} All rights reserved.`

export const FOOTER_DISCLAIMER = `${BRAND_NAME} connects buyers with independent community runners and local stores. Runners are not employees of ${PARENT_COMPANY}; grocery prices are set by each store and paid to your runner at delivery.`
