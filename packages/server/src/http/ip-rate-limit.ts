/**
 * A count per client IP in fixed windows, kept in this process's memory. For open routes that only
 * read: each answer costs a lookup and a signature, and a shared counter in the database would cost
 * a write per request — more than it protects. Each instance counts on its own.
 */
export interface IpRateLimit {
  /** Counts one request from `ip`; false once it is over the limit in the current window. */
  take(ip: string): boolean
}

/** Past this many addresses in memory, finished windows are dropped, then the oldest. */
const MAX_TRACKED = 100_000

export function ipRateLimit(
  limit: { max: number; windowMs: number },
  now: () => number = Date.now,
): IpRateLimit {
  const windows = new Map<string, { startedAt: number; count: number }>()
  const prune = (time: number) => {
    for (const [ip, window] of windows) if (time - window.startedAt >= limit.windowMs) windows.delete(ip)
    // Many addresses at once (one attacker's IPv6 range): the oldest windows go first.
    for (const ip of windows.keys()) {
      if (windows.size < MAX_TRACKED) break
      windows.delete(ip)
    }
  }
  return {
    take(ip) {
      const time = now()
      let window = windows.get(ip)
      if (!window || time - window.startedAt >= limit.windowMs) {
        // Deleted and set again, so the map's order stays the order windows started in.
        windows.delete(ip)
        if (windows.size >= MAX_TRACKED) prune(time)
        window = { startedAt: time, count: 0 }
        windows.set(ip, window)
      }
      window.count += 1
      return window.count <= limit.max
    },
  }
}
