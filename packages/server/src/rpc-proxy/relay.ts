import { AnswerCache } from './cache.ts'
import type { Outcome, RpcCall } from './messages.ts'
import type { UpstreamPool } from './pool.ts'

/**
 * One chain's calls: immutable answers from the cache, the rest from the upstream pool in one go
 * (what the pool answers is offered to the cache). Checks no method: the proxy's route and the
 * embedded wallet's relay each apply their own policy first.
 */
export class ChainRelay {
  private readonly cache = new AnswerCache()

  constructor(
    readonly chainId: number,
    readonly pool: UpstreamPool,
  ) {}

  async call(calls: readonly RpcCall[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(calls.length)
    const misses: number[] = []
    calls.forEach((call, i) => {
      const hit = this.cache.get(call)
      if (hit) outcomes[i] = hit
      else misses.push(i)
    })
    if (misses.length === 0) return outcomes
    const answered = await this.pool.send(misses.map((i) => calls[i] as RpcCall))
    const head = this.pool.head()
    misses.forEach((at, j) => {
      const outcome = answered[j] as Outcome
      outcomes[at] = outcome
      if ('result' in outcome) this.cache.offer(calls[at] as RpcCall, outcome.result, head)
    })
    return outcomes
  }
}
