import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { GEOLOCATION_TIMEOUT_MS, SEARCH_GEOLOCATION_TIMEOUT_MS } from '../../../modules/shared/contract'
import { useToast } from '../../ui/toast'
import type { SearchOrigin } from './api/nearby-stores'

type ProfileLocation = { latitude: number | null; longitude: number | null; zipCode: string | null }

/** Where the profile says the person lives: its coordinates when it has them, else its ZIP code. */
export function profileOrigin({ latitude, longitude, zipCode }: ProfileLocation): SearchOrigin | null {
  if (latitude !== null && longitude !== null) return { latitude, longitude }
  return zipCode ? { zipCode } : null
}

export type Located = { origin: SearchOrigin; source: 'device' | 'profile' | 'zip' }

function devicePosition(timeoutMs: number): Promise<SearchOrigin | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(null)
    // The browser's own timeout starts only once the person answers the permission prompt; an ignored prompt must not wait forever.
    const timer = setTimeout(() => resolve(null), timeoutMs)
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer)
        resolve({ latitude: coords.latitude, longitude: coords.longitude })
      },
      () => {
        clearTimeout(timer)
        resolve(null)
      },
      { timeout: timeoutMs, maximumAge: 60_000 },
    )
  })
}

/** The device's position, else the profile's coordinates, else the profile's ZIP code; null when there is none. */
async function locate(profile: ProfileLocation, timeoutMs: number): Promise<Located | null> {
  const device = await devicePosition(timeoutMs)
  if (device) return { origin: device, source: 'device' }
  const fallback = profileOrigin(profile)
  return fallback && { origin: fallback, source: 'zipCode' in fallback ? 'zip' : 'profile' }
}

/**
 * The store search's location (spec 001 §2, §8): located once when the screen opens, and again
 * before each search unless the device already answered. Falling back to the ZIP code is announced.
 */
export function useSearchLocation(profile: ProfileLocation) {
  const { toast } = useToast()
  const [locating, setLocating] = useState(true)
  const latest = useRef({ profile, located: null as Located | null })
  latest.current.profile = profile

  const settle = useCallback(
    (located: Located | null) => {
      if (located?.source === 'zip' && latest.current.located?.source !== 'zip') toast({ title: t`Using ZIP code location` })
      latest.current.located = located
      setLocating(false)
      return located
    },
    [toast],
  )

  useEffect(() => {
    let current = true
    void locate(latest.current.profile, GEOLOCATION_TIMEOUT_MS).then((located) => current && settle(located))
    return () => {
      current = false
    }
  }, [settle])

  const relocate = useCallback(async () => {
    const known = latest.current.located
    if (known?.source === 'device') return known
    return settle(await locate(latest.current.profile, SEARCH_GEOLOCATION_TIMEOUT_MS))
  }, [settle])

  return { locating, relocate }
}
