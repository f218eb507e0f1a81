import { type HttpTransport, type HttpTransportConfig, http } from 'viem'
import type { ServicesSettings } from './services.ts'

export interface ServicesTransportParameters extends ServicesSettings {
  /** The chain the transport reads; the services must proxy it. */
  chainId: number
  /** viem's http transport options, over the defaults below. */
  config?: HttpTransportConfig | undefined
}

/**
 * A viem transport for a wagmi config that reads the chain through the services' JSON-RPC proxy
 * (`POST /v1/rpc?chainId&projectId`) instead of a node of the dapp's own: the services
 * rank several upstream nodes, fail over, retry and cache immutable answers. Calls made together are
 * batched into one request (up to 1000, what the proxy takes); viem's own 10 s timeout and 3
 * retries from 150 ms apply on top.
 */
export function servicesTransport({
  servicesUrl,
  projectId,
  chainId,
  config,
}: ServicesTransportParameters): HttpTransport {
  const url = new URL(`${servicesUrl.replace(/\/+$/, '')}/v1/rpc`)
  url.searchParams.set('chainId', String(chainId))
  url.searchParams.set('projectId', projectId)
  return http(url.toString(), { batch: { batchSize: 1000, wait: 0 }, ...config })
}
