import { FOOTER_DISCLAIMER, footerCopyright } from './footer-text'

export function Footer() {
  return (
    <footer className="site-footer">
      <p>{footerCopyright(new Date().getFullYear())}</p>
      <p className="site-footer__disclaimer">{FOOTER_DISCLAIMER}</p>
    </footer>
  )
}
