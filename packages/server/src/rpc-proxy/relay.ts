import { AnswerCache, cacheKey } from './cache.ts'
import { HeadCache, headKey, headOf } from './head-cache.ts'
import type { Outcome, RpcCall } from './messages.ts'
import type { UpstreamPool } from './pool.ts'
import { type Flight, SingleFlight } from './single-flight.ts'

const WRITES = new Set(['eth_sendRawTransaction', 'eth_sendTransaction'])

/** A call of the request that goes upstream: its place, its head-cache key, its flight if shared. */
interface Miss {
  at: number
  head: string | undefined
  flight: Flight | undefined
}

/**
 * One chain's calls: immutable answers from the cache (cache.ts), answers for the current head from
 * the head cache (head-cache.ts), a call identical to one in flight joined to it (single-flight.ts),
 * the rest from the upstream pool in one go (what the pool answers is offered to the caches). Checks
 * no method: the proxy's route and the embedded wallet's relay each apply their own policy first.
 */
export class ChainRelay {
  private readonly cache = new AnswerCache()
  private readonly latest: HeadCache
  private readonly flights = new SingleFlight()

  constructor(
    readonly chainId: number,
    readonly pool: UpstreamPool,
    latestMaxAgeMs: number,
  ) {
    this.latest = new HeadCache(latestMaxAgeMs)
  }

  async call(calls: readonly RpcCall[]): Promise<Outcome[]> {
    this.latest.noteHead(this.pool.head())
    // Reads after one's own transaction must see it once mined, whenever the proxy learns the block.
    if (calls.some((call) => WRITES.has(call.method))) this.latest.forget()
    const askedAt = this.latest.currentHead()
    const outcomes: (Outcome | Promise<Outcome>)[] = new Array(calls.length)
    const misses: Miss[] = []
    calls.forEach((call, at) => {
      const key = cacheKey(call)
      const head = key === undefined ? headKey(call) : undefined
      const hit =
        key !== undefined ? this.cache.get(call) : head !== undefined ? this.latest.get(head) : undefined
      // A head-bound call joins only a flight asked at the same head.
      const flight = key ?? (head === undefined ? undefined : `${askedAt}:${head}`)
      const joined = flight === undefined ? undefined : this.flights.join(flight)
      if (hit) outcomes[at] = hit
      else if (joined) outcomes[at] = joined
      // Opened at once, so that the same call later in this batch joins it too.
      else misses.push({ at, head, flight: flight === undefined ? undefined : this.flights.open(flight) })
    })
    if (misses.length > 0) await this.ask(calls, misses, outcomes, askedAt)
    return Promise.all(outcomes)
  }

  private async ask(
    calls: readonly RpcCall[],
    misses: Miss[],
    outcomes: (Outcome | Promise<Outcome>)[],
    askedAt: bigint | undefined,
  ): Promise<void> {
    let answered: Outcome[]
    try {
      answered = await this.pool.send(misses.map(({ at }) => calls[at] as RpcCall))
    } catch (error) {
      for (const { flight } of misses) flight?.fail(error)
      throw error
    }
    for (const [j, { at }] of misses.entries()) {
      const outcome = answered[j] as Outcome
      if ('result' in outcome) this.latest.noteHead(headOf(calls[at] as RpcCall, outcome.result))
    }
    const poolHead = this.pool.head()
    misses.forEach(({ at, head, flight }, j) => {
      const call = calls[at] as RpcCall
      const outcome = answered[j] as Outcome
      outcomes[at] = outcome
      flight?.settle(outcome)
      if (!('result' in outcome)) return
      if (head !== undefined) this.latest.offer(head, outcome.result, askedAt)
      else this.cache.offer(call, outcome.result, poolHead)
    })
  }
}
