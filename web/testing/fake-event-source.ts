import { afterEach, beforeEach } from 'bun:test'
import { act } from '@testing-library/react'

type Listener = (event: MessageEvent<string>) => void

/**
 * Stands in for the browser's EventSource, which happy-dom lacks: a test opens a stream, pushes
 * named events into it, or breaks it, and sees what the screen does. Every stream made is kept.
 */
export class FakeEventSource {
  static streams: FakeEventSource[] = []
  readonly url: string
  readonly withCredentials: boolean
  closed = false
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  private listeners = new Map<string, Set<Listener>>()

  constructor(url: string | URL, init?: EventSourceInit) {
    this.url = String(url)
    this.withCredentials = init?.withCredentials ?? false
    FakeEventSource.streams.push(this)
  }

  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set())
    this.listeners.get(type)!.add(listener)
  }

  close() {
    this.closed = true
  }

  /** The server answered: the stream is open. */
  open() {
    act(() => this.onopen?.(new Event('open')))
  }

  /** The server sent `event: {type}` with `data` as JSON. */
  push(type: string, data: unknown) {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }))
    })
  }

  /** The connection dropped (the browser would keep retrying). */
  fail() {
    act(() => this.onerror?.(new Event('error')))
  }
}

/** Puts the fake in place of EventSource until `restore`; `latest()` is the last stream the screen opened. */
export function installFakeEventSource() {
  const original = (globalThis as { EventSource?: unknown }).EventSource
  FakeEventSource.streams = []
  ;(globalThis as { EventSource?: unknown }).EventSource = FakeEventSource
  return {
    latest: () => FakeEventSource.streams.at(-1),
    restore: () => {
      ;(globalThis as { EventSource?: unknown }).EventSource = original
    },
  }
}

/**
 * For a file of screen tests that follow an order: each test starts with empty storage and the
 * fake in place, and leaves no fake stream behind. `latest()` as above.
 */
export function followsOrderStreams() {
  let events: ReturnType<typeof installFakeEventSource>
  beforeEach(() => {
    localStorage.clear()
    events = installFakeEventSource()
  })
  afterEach(() => {
    events.restore()
  })
  return { latest: () => events.latest() }
}
