import type { FastifyBaseLogger, FastifyReply } from 'fastify'

/** What a 503 for something the services depend on being away tells the caller to wait. */
export const OUTAGE_RETRY_AFTER_S = 5
/** An outage's warnings: the first refused request, then at most one line per this long. */
const OUTAGE_LOG_INTERVAL_MS = 10_000

/**
 * The warning lines of requests refused for an outage (the database, the chain node, the RPC
 * proxy's upstreams): while one lasts every request is refused, and a line each would bury the
 * log. The first is written at once; those that follow within the interval are counted, and the
 * next line after it says how many there were.
 */
export class OutageLog {
  private readonly kinds = new Map<string, { loggedAt: number; unlogged: number }>()

  constructor(
    private readonly intervalMs = OUTAGE_LOG_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  warn(log: FastifyBaseLogger, kind: string, message: string): void {
    const at = this.now()
    const last = this.kinds.get(kind)
    if (last && at - last.loggedAt < this.intervalMs) {
      last.unlogged += 1
      return
    }
    const unlogged = last?.unlogged ?? 0
    log.warn(unlogged > 0 ? `${message} (${unlogged} more refused since the last line)` : message)
    this.kinds.set(kind, { loggedAt: at, unlogged: 0 })
  }
}

/** A 503 for an outage: with `Retry-After`, so clients (and proxies) wait before asking again. */
export function outageReply(reply: FastifyReply): FastifyReply {
  return reply.code(503).header('retry-after', String(OUTAGE_RETRY_AFTER_S))
}
