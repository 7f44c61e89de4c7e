import { Link } from '@tanstack/react-router'
import { BrandName } from './brand'

/** The brand as the way home, at the top of the signed-out and legal pages (apart from brand.tsx, which the landing paints without a router). */
export function BrandHomeLink() {
  return (
    <Link to="/" className="brand">
      <BrandName />
    </Link>
  )
}
