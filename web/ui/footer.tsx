import { BRAND_NAME, PARENT_COMPANY } from '../../modules/shared/contract'

export function Footer() {
  return (
    <footer className="site-footer">
      <p>
        © {new Date().getFullYear()} {PARENT_COMPANY} All rights reserved.
      </p>
      <p className="site-footer__disclaimer">
        {BRAND_NAME} connects buyers with independent community runners and local stores. Runners are not employees of {PARENT_COMPANY}; grocery
        prices are set by each store and paid to your runner at delivery.
      </p>
    </footer>
  )
}
