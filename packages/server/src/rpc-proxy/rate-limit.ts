/**
 * What a call costs against the rate limits: a node computes `eth_getLogs` over many blocks, an
 * `eth_call` or a gas estimate runs code, a trace replays transactions; `eth_blockNumber` is a
 * lookup. Unlisted methods cost 1.
 */
const COSTS: Record<string, number> = {
  eth_call: 5,
  eth_estimateGas: 5,
  eth_sendRawTransaction: 5,
  eth_getLogs: 20,
  eth_getFilterLogs: 20,
  eth_newFilter: 5,
}
const TRACING_COST = 50

export function costOf(method: string): number {
  if (method.startsWith('debug_') || method.startsWith('trace_')) return TRACING_COST
  return COSTS[method] ?? 1
}

/** Past this many keys in memory, full buckets are dropped (a full bucket is no bucket), then the oldest. */
const MAX_TRACKED = 100_000

/**
 * Token buckets of cost units per key (a client IP, a project), kept in this process's memory
 * like the services' other per-IP limits. A request is let in while its bucket holds a unit, and
 * its whole cost is taken even past zero: a batch larger than the burst is served once, and its
 * caller then waits until the debt is refilled.
 */
export class CostBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()
  private readonly burst: number

  constructor(
    private readonly perSecond: number,
    /** How many seconds of units a full bucket holds. */
    burstSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.burst = perSecond * burstSeconds
  }

  /** 0 when `key` may ask now, else the milliseconds until it may. */
  waitMs(key: string): number {
    const tokens = this.tokensOf(key)
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / this.perSecond) * 1000)
  }

  charge(key: string, cost: number): void {
    const tokens = this.tokensOf(key) - cost
    this.buckets.delete(key)
    if (this.buckets.size >= MAX_TRACKED) this.prune()
    // Set again, so the map's order is the order keys last asked in.
    this.buckets.set(key, { tokens, at: this.now() })
  }

  private tokensOf(key: string): number {
    const bucket = this.buckets.get(key)
    if (!bucket) return this.burst
    return Math.min(this.burst, bucket.tokens + ((this.now() - bucket.at) / 1000) * this.perSecond)
  }

  private prune(): void {
    for (const key of this.buckets.keys()) if (this.tokensOf(key) >= this.burst) this.buckets.delete(key)
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < MAX_TRACKED) break
      this.buckets.delete(key)
    }
  }
}
