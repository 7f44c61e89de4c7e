import { useEffect, useState } from 'react'

/** Whole seconds until `until` (epoch ms), ticking once a second; 0 once it has passed. */
export function useSecondsLeft(until: number) {
  const [now, setNow] = useState(Date.now)

  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= until) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])

  return Math.max(0, Math.ceil((until - now) / 1000))
}
