/** How one request is raced over the upstreams. */
export interface HedgeOptions {
  /** How long a try has before the next upstream is asked as well. */
  hedgeAfterMs: number
  /** A try failed (the next upstream is asked if no other try still runs). */
  onFailure(url: string, error: unknown): void
  /** A try still running when one started after it answered: slower than that one by the hedge delay at least. */
  onOvertaken(url: string): void
  /** A failure no other upstream would answer differently: it ends the race at once. */
  isFinal(error: unknown): boolean
}

/** Every upstream was tried and failed. */
export class AllTriesFailed extends Error {
  constructor(readonly errors: unknown[]) {
    super('every upstream failed')
  }
}

/**
 * Asks `urls[0]`; when it has not answered within the hedge delay, asks the next one as well and
 * takes whichever answers first, aborting the others. A failure passes the request on to the next
 * at once. A frozen upstream thus costs the caller the hedge delay, not the whole timeout.
 */
export function hedge<T>(
  urls: readonly string[],
  attempt: (url: string, signal: AbortSignal) => Promise<T>,
  options: HedgeOptions,
): Promise<{ url: string; value: T }> {
  return new Promise((resolve, reject) => {
    const running = new Map<string, { order: number; controller: AbortController; timer?: NodeJS.Timeout }>()
    const errors: unknown[] = []
    let launched = 0
    let done = false
    const finish = () => {
      done = true
      for (const run of running.values()) {
        clearTimeout(run.timer)
        run.controller.abort()
      }
      running.clear()
    }
    const launch = (): void => {
      const url = urls[launched]
      if (url === undefined) return
      const run = {
        order: launched++,
        controller: new AbortController(),
        timer: undefined as NodeJS.Timeout | undefined,
      }
      running.set(url, run)
      if (launched < urls.length) run.timer = setTimeout(() => !done && launch(), options.hedgeAfterMs)
      attempt(url, run.controller.signal).then(
        (value) => {
          if (done) return
          running.delete(url)
          for (const [other, { order }] of running) if (order < run.order) options.onOvertaken(other)
          finish()
          resolve({ url, value })
        },
        (error: unknown) => {
          if (done) return
          clearTimeout(run.timer)
          running.delete(url)
          if (options.isFinal(error)) {
            finish()
            reject(error)
            return
          }
          options.onFailure(url, error)
          errors.push(error)
          if (running.size > 0) return
          if (launched < urls.length) launch()
          else {
            done = true
            reject(new AllTriesFailed(errors))
          }
        },
      )
    }
    launch()
  })
}
