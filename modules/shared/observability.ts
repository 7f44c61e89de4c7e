import { Elysia } from 'elysia'
import pino, { type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'
import { Counter, Histogram, type Registry } from 'prom-client'
import type { Config } from './config'

export type { Logger } from 'pino'

/**
 * Production's lines go to stdout in writes of 4 KB or more, as pino's asynchronous logging does,
 * and at least once a second when fewer come. A write of its own for each request's line took a
 * quarter of the server's time at a cached shelf's pace (Bun's asynchronous write costs tens of
 * microseconds, and the reader at the pipe's other end wakes each time). What is buffered is
 * written out as the process exits (pino flushes on exit); only a SIGKILL loses it, at most a
 * second's lines.
 */
const PRODUCTION_LOG_DESTINATION = { dest: 1, minLength: 4096, sync: false, periodicFlush: 1000 }

/**
 * The server's logger: one JSON object a line in production, for a log shipper to read; readable
 * text in development. Lines carry only the fields the code hands them, never a request's URL,
 * headers or body, which is where phone numbers, cookies and tokens travel; the redaction is a
 * second guard should a caller hand one over anyway.
 */
export function createLogger(config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const level = config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info')
  const options: pino.LoggerOptions = {
    level,
    base: null,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['authorization', 'cookie', 'phone', 'password', '*.authorization', '*.cookie', '*.phone', '*.password'], censor: '[redacted]' },
  }
  if (destination) return pino(options, destination)
  return config.NODE_ENV === 'production'
    ? pino(options, pino.destination(PRODUCTION_LOG_DESTINATION))
    : pino(options, pretty({ sync: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss.l', singleLine: true }))
}

/** Request counts and latencies by method, route and status: a scrape's worth, cheap to keep on every request. */
export function requestMetrics(registry: Registry) {
  const labelNames = ['method', 'route', 'status'] as const
  return {
    requests: new Counter({
      name: 'kirana_http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames,
      registers: [registry],
    }),
    seconds: new Histogram({
      name: 'kirana_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer, by method, route and status',
      labelNames,
      // Around the budget of 20 ms for an authenticated read.
      buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  }
}

export type RequestMetrics = ReturnType<typeof requestMetrics>

type Arrival = { at: number; id: string; answeredAt?: number }
const arrivals = new WeakMap<Request, Arrival>()
/** An id a proxy in front may already have given the request: kept when it is plain. */
const FORWARDED_ID = /^[\w.-]{1,64}$/

/** The request's id, as its log line and x-request-id answer carry it. */
export function requestIdOf(request: Request): string {
  let arrival = arrivals.get(request)
  if (!arrival) {
    const forwarded = request.headers.get('x-request-id')
    arrival = { at: performance.now(), id: forwarded && FORWARDED_ID.test(forwarded) ? forwarded : crypto.randomUUID() }
    arrivals.set(request, arrival)
  }
  return arrival.id
}

/**
 * Each request counted, timed and logged once answered: by its route's pattern (`/api/orders/:id`),
 * never its path, so no id or phone number in a URL reaches the figures or the log; a path no
 * route matched is `unmatched`. Its id answers as x-request-id.
 */
export function observeRequests(logger: Logger, metrics: RequestMetrics) {
  // The answer is timed when it is made (handled, or failed): Elysia calls afterResponse an event-loop turn later.
  const answered = ({ request }: { request: Request }) => {
    const arrival = arrivals.get(request)
    if (arrival) arrival.answeredAt ??= performance.now()
  }
  return new Elysia({ name: 'shared/observe-requests' })
    .onRequest(({ request, set }) => {
      set.headers['x-request-id'] = requestIdOf(request)
    })
    .onAfterHandle({ as: 'global' }, answered)
    .onError({ as: 'global' }, answered)
    .onAfterResponse({ as: 'global' }, ({ request, route, set }) => {
      const arrival = arrivals.get(request)
      if (!arrival) return
      const ms = (arrival.answeredAt ?? performance.now()) - arrival.at
      const status = typeof set.status === 'number' ? set.status : 200
      const labels = { method: request.method, route: route || 'unmatched', status: String(status) }
      metrics.requests.inc(labels)
      metrics.seconds.observe(labels, ms / 1000)
      writeRequestLine(logger, status >= 500 ? 'error' : 'info', { ...labels, status, ms: Math.round(ms * 10) / 10, requestId: arrival.id })
    })
}

type RequestLine = { method: string; route: string; status: number; ms: number; requestId: string }

/**
 * A request's line, as pino writes a line (`{"level":30,"time":…,"msg":"request"}`, createLogger's
 * options) but made here and handed to the logger's stream. Every field is one this file chose and
 * none can carry a secret (the route's pattern, never its path; the id a UUID or a plain forwarded
 * one), so it skips pino's redaction and its general serializer: those took 17 us of CPU a request,
 * about a third of a cached shelf's answer, and this takes under 4 us.
 */
function writeRequestLine(logger: Logger, level: 'info' | 'error', fields: RequestLine) {
  if (!logger.isLevelEnabled(level)) return
  const line = { level: logger.levels.values[level], time: new Date().toISOString(), ...fields, msg: 'request' }
  ;(logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!.write(`${JSON.stringify(line)}\n`)
}
