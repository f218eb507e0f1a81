import type { Outcome } from './messages.ts'

/** A call in flight that others may join: settled (or failed) once by the caller that opened it. */
export interface Flight {
  settle(outcome: Outcome): void
  fail(error: unknown): void
}

/**
 * Identical calls in flight at once, asked upstream once: the first caller's call goes out, the
 * others wait for its outcome. Keys come from the caches (cache.ts, head-cache.ts), so only reads
 * whose answer may be shared are joined, and head-bound keys carry the head they were asked at.
 */
export class SingleFlight {
  private readonly flights = new Map<string, Promise<Outcome>>()

  /** The outcome of a call with this key already in flight, if any. */
  join(key: string): Promise<Outcome> | undefined {
    return this.flights.get(key)
  }

  /** Marks a call as in flight; settle it with the returned functions once it is answered. */
  open(key: string): Flight {
    let settle!: (outcome: Outcome) => void
    let fail!: (error: unknown) => void
    const flight = new Promise<Outcome>((resolve, reject) => {
      settle = resolve
      fail = reject
    })
    // Nobody may have joined: a failure is then the first caller's alone, not an unhandled one.
    flight.catch(() => undefined)
    this.flights.set(key, flight)
    const close = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key)
    }
    return {
      settle: (outcome) => {
        close()
        settle(outcome)
      },
      fail: (error) => {
        close()
        fail(error)
      },
    }
  }
}
