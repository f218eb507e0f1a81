/**
 * behaviour §9's error telemetry cap: at most `maxEvents` error events in any `windowMs`. A page stuck
 * in a failing loop reports its first few errors, not thousands.
 */
export interface ErrorLimit {
  /** True, and counted, when one more error event may be sent now. */
  take(): boolean
}

export function createErrorLimit(
  { maxEvents, windowMs }: { maxEvents: number; windowMs: number },
  now: () => number,
): ErrorLimit {
  const sentAt: number[] = []
  return {
    take() {
      const time = now()
      while (sentAt[0] !== undefined && sentAt[0] <= time - windowMs) sentAt.shift()
      if (sentAt.length >= maxEvents) return false
      sentAt.push(time)
      return true
    },
  }
}
