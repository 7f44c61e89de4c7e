import { Trans } from '@lingui/react/macro'
import { Button } from '../../ui/button'
/**
 * The card refused the grocery hold, and both holds were released: the server's words, and the
 * two ways on: the same button again (another card, say), or the groceries paid at the door.
 */
export function GroceryDeclinedNotice({ message, onPayAtDoor }: { message: string; onPayAtDoor: () => void }) {
  return (
    <div className="form-notice form-notice--error checkout-blocker" role="alert">
      <p className="checkout-blocker__title">
        <Trans>Grocery hold declined</Trans>
      </p>
      <p className="checkout-blocker__message">{message}</p>
      <Button type="button" size="small" onClick={onPayAtDoor}>
        <Trans>Pay for groceries at the door</Trans>
      </Button>
    </div>
  )
}
