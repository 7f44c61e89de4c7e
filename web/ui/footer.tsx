import { Trans } from '@lingui/react/macro'
import { BRAND_NAME, PARENT_COMPANY } from '../../modules/shared/contract'

// The server-rendered welcome page prints the same words in English (./footer-text).
export function Footer() {
  const year = new Date().getFullYear()
  const company = PARENT_COMPANY
  const brand = BRAND_NAME
  return (
    <footer className="site-footer">
      <p>
        <Trans>
          © {year} {company} All rights reserved.
        </Trans>
      </p>
      <p className="site-footer__disclaimer">
        <Trans>
          {brand} connects buyers with independent community runners and local stores. Runners are not employees of {company}; grocery prices are set by each
          store and paid to your runner at delivery.
        </Trans>
      </p>
    </footer>
  )
}
