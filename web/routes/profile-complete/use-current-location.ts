import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { GEOLOCATION_TIMEOUT_MS } from '../../../modules/shared/contract'
import { useToast } from '../../ui/toast'

export type Coordinates = { latitude: string; longitude: string }

/** 'Use Current Location (Optional)': the device's position, sent with the form instead of geocoding the address. */
export function useCurrentLocation() {
  const { t } = useLingui()
  const { toast } = useToast()
  const [coordinates, setCoordinates] = useState<Coordinates | null>(null)
  const [locating, setLocating] = useState(false)

  const failed = () => {
    setLocating(false)
    toast({ title: t`Location Error`, description: t`Unable to get your location. Please enter your address manually.`, variant: 'destructive' })
  }

  function locate() {
    if (!('geolocation' in navigator)) return failed()
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setCoordinates({ latitude: String(coords.latitude), longitude: String(coords.longitude) })
        setLocating(false)
        toast({ title: t`Location Found`, description: t`Your current location has been added to your profile.`, variant: 'success' })
      },
      failed,
      { timeout: GEOLOCATION_TIMEOUT_MS },
    )
  }

  return { coordinates, locating, locate }
}
