import { BRAND_NAME, PARENT_COMPANY } from '../../modules/shared/contract'

// The server-rendered welcome page prints these words; the app's footer (footer.tsx) says the same in the language on screen.

export const footerCopyright = (year: number) => `© ${year} ${PARENT_COMPANY} All rights reserved.`

export const FOOTER_DISCLAIMER = `${BRAND_NAME} connects buyers with independent community runners and local stores. Runners are not employees of ${PARENT_COMPANY}; grocery prices are set by each store and paid to your runner at delivery.`
