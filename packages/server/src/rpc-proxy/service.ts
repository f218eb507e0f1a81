import { RpcProxyOptions, type RpcProxyOptionsInput } from './config.ts'
import { type PoolSettings, UpstreamPool } from './pool.ts'
import { ChainRelay } from './relay.ts'

/** The RPC proxy's chains, each with its upstream pool (sampling from the start) and cache. */
export interface RpcProxy {
  /** The relay of a chain the proxy serves. */
  relayFor(chainId: number): ChainRelay | undefined
  readonly chainIds: number[]
  /** Ends the upstreams' sampling. */
  stop(): void
}

/** `settings` is for tests: shorter timeouts and sampling than issue 16's. */
export function startRpcProxy(input: RpcProxyOptionsInput, settings?: PoolSettings): RpcProxy {
  const { upstreams } = RpcProxyOptions.parse(input)
  const relays = new Map(
    Object.entries(upstreams).map(([chainId, urls]) => [
      Number(chainId),
      new ChainRelay(Number(chainId), new UpstreamPool(urls, settings)),
    ]),
  )
  return {
    relayFor: (chainId) => relays.get(chainId),
    chainIds: [...relays.keys()],
    stop: () => {
      for (const relay of relays.values()) relay.pool.stop()
    },
  }
}
