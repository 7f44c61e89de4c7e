import { BRAND_NAME } from '../../modules/shared/contract'

/** The brand's initial in its badge; the name beside it says the same, so screen readers skip it. */
export function BrandMark() {
  return (
    <span className="brand__mark" aria-hidden="true">
      {BRAND_NAME.charAt(0)}
    </span>
  )
}

/** The mark and the name, inside a header's `.brand` link or label. */
export function BrandName() {
  return (
    <>
      <BrandMark />
      {BRAND_NAME}
    </>
  )
}
