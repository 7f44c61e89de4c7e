import { useEffect, useRef, useState } from 'react'

export type StreamState = 'connecting' | 'live' | 'down'

type Listeners = Record<string, (data: unknown) => void>

/**
 * Follows a Server-Sent Events stream: each named event's JSON goes to its listener, and any
 * event means the stream is live. With no stream (`enabled` false, or no EventSource) the state
 * is 'down', as it is while the browser retries: the screen polls then. The stream is opened
 * again when the url changes or `reopenOn` does; new listeners alone do not reopen it, so a
 * render never drops an event.
 */
export function useEventStream(url: string, listeners: Listeners, { enabled, reopenOn }: { enabled: boolean; reopenOn?: unknown }): StreamState {
  const [state, setState] = useState<StreamState>('connecting')
  const current = useRef(listeners)
  current.current = listeners
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reopenOn` is the signal to open a new stream (the server reads what it names once, when the stream opens), not an input.
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      setState('down')
      return
    }
    setState('connecting')
    const source = new EventSource(url, { withCredentials: true })
    source.onopen = () => setState('live')
    source.onerror = () => setState('down')
    for (const name of Object.keys(current.current))
      source.addEventListener(name, (event) => {
        setState('live')
        current.current[name]?.(JSON.parse((event as MessageEvent<string>).data))
      })
    return () => source.close()
  }, [url, enabled, reopenOn])
  return state
}
