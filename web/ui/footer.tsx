import { Trans } from '@lingui/react/macro'
import { BRAND_NAME, PARENT_COMPANY } from '../../modules/shared/contract'

/** The footer in the language on screen; the server-rendered welcome page says the same through its own catalog (web/welcome/locales). */
export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer">
      <p>
        <Trans>
          © {year} {PARENT_COMPANY} All rights reserved.
        </Trans>
      </p>
      <p className="site-footer__disclaimer">
        <Trans>
          {BRAND_NAME} connects buyers with independent community runners and local stores. Runners are not employees of {PARENT_COMPANY}; grocery prices are
          set by each store and paid to your runner at delivery.
        </Trans>
      </p>
    </footer>
  )
}
