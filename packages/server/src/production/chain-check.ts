import { createPublicClient, http } from 'viem'

export type ChainIdCheck =
  | { kind: 'same' }
  | { kind: 'different'; actual: number }
  | { kind: 'unreachable'; reason: string }

/**
 * Asks the node behind RPC_URL for its chain id. A different chain is a configuration mistake worth
 * refusing to start over (balances and signatures would be for the wrong chain); a node that does
 * not answer yet is not: the indexer waits for it and readiness reports it.
 */
export async function checkChainId(rpcUrl: string, expected: number): Promise<ChainIdCheck> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 5_000 }) })
  try {
    const actual = await client.getChainId()
    return actual === expected ? { kind: 'same' } : { kind: 'different', actual }
  } catch (error) {
    return { kind: 'unreachable', reason: (error as Error).message.split('\n')[0] ?? 'no answer' }
  }
}
