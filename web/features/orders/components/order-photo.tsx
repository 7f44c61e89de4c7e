import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { Order } from '../../../../modules/orders/contract'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'

type Photo = NonNullable<Order['receipt']>

/** The photo's address, changed with each upload so a replaced photo is fetched again rather than shown from the cache. */
export const photoSrc = (photo: Photo) => `${photo.url}?v=${encodeURIComponent(photo.uploadedAt)}`

/** A photo of the order (the receipt, the doorstep) as a thumbnail; a tap opens it large in a dialog. */
export function OrderPhoto({ photo, alt }: { photo: Photo; alt: string }) {
  const [enlarged, setEnlarged] = useState(false)
  return (
    <>
      <button type="button" className="order-photo" onClick={() => setEnlarged(true)}>
        <img src={photoSrc(photo)} alt={alt} />
        <span className="order-photo__hint">
          <Trans>Tap to enlarge</Trans>
        </span>
      </button>
      {enlarged && (
        <Dialog title={alt} description={<img className="order-photo__large" src={photoSrc(photo)} alt={alt} />} onClose={() => setEnlarged(false)}>
          <Button type="button" variant="primary" onClick={() => setEnlarged(false)}>
            <Trans>Close</Trans>
          </Button>
        </Dialog>
      )}
    </>
  )
}
