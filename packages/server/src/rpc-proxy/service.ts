import { RPC_LIMITS, RpcProxyOptions, type RpcProxyOptionsInput } from './config.ts'
import { FORWARDING, type PoolSettings, UpstreamPool } from './pool.ts'
import { CostBuckets } from './rate-limit.ts'
import { ChainRelay } from './relay.ts'

/** The RPC proxy's chains, each with its upstream pool (sampling from the start) and cache. */
export interface RpcProxy {
  /** The relay of a chain the proxy serves. */
  relayFor(chainId: number): ChainRelay | undefined
  readonly chainIds: number[]
  /** The cost buckets per client IP and per project, and the widest eth_getLogs range. */
  readonly limits: { ip: CostBuckets; project: CostBuckets; maxLogBlocks: number }
  /** Ends the upstreams' sampling. */
  stop(): void
}

/** `settings` is for tests: shorter timeouts and sampling than the real ones. */
export function startRpcProxy(input: RpcProxyOptionsInput, settings?: PoolSettings): RpcProxy {
  const { upstreams, limits: given } = RpcProxyOptions.parse(input)
  const limits = { ...RPC_LIMITS, ...given }
  const relays = new Map(
    Object.entries(upstreams).map(([chainId, urls]) => [
      Number(chainId),
      new ChainRelay(
        Number(chainId),
        new UpstreamPool(urls, settings),
        (settings ?? FORWARDING).latestMaxAgeMs,
      ),
    ]),
  )
  return {
    relayFor: (chainId) => relays.get(chainId),
    chainIds: [...relays.keys()],
    limits: {
      ip: new CostBuckets(limits.ipPerSecond, limits.burstSeconds),
      project: new CostBuckets(limits.projectPerSecond, limits.burstSeconds),
      maxLogBlocks: limits.maxLogBlocks,
    },
    stop: () => {
      for (const relay of relays.values()) relay.pool.stop()
    },
  }
}
