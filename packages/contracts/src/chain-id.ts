import { createPublicClient, http } from 'viem'

/** The id of the chain answering at `rpcUrl`, or undefined when none answers within `timeoutMs`. */
export function chainIdAt(rpcUrl: string, timeoutMs: number): Promise<number | undefined> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
  return client.getChainId().catch(() => undefined)
}
