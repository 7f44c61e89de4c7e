import { useLingui } from '@lingui/react/macro'
import { formatUsPhone, toE164 } from '../../modules/shared/contract'
import { Icon } from './icon'

/**
 * A number to tap and call: dialled in E.164 (tel:+17325550101), shown as (732) 555-0101.
 * `who` names the person for screen readers ('Call Asha, (732) 555-0101'). A number that is
 * not a US one is shown as it is, without a link that could dial the wrong place.
 */
export function PhoneLink({ phone, who, className = 'phone-link' }: { phone: string; who: string; className?: string }) {
  const { t } = useLingui()
  const e164 = toE164(phone)
  if (!e164) return <span className={className}>{phone}</span>
  const shown = formatUsPhone(e164.slice(2))
  return (
    <a href={`tel:${e164}`} className={className} aria-label={t`Call ${who}, ${shown}`}>
      <Icon name="phone" className="icon icon--small" />
      {shown}
    </a>
  )
}
