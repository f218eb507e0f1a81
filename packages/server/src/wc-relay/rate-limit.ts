/**
 * A token bucket per socket: `burst` requests at once, refilled at `perSecond`. Counted in memory,
 * not in the database: a socket lives on one instance, and its requests arrive there.
 */
export function tokenBucket(
  { burst, perSecond }: { burst: number; perSecond: number },
  now: () => number,
): { take(): boolean } {
  let tokens = burst
  let updated = now()
  return {
    take() {
      const at = now()
      tokens = Math.min(burst, tokens + ((at - updated) / 1000) * perSecond)
      updated = at
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}
