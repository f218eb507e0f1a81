import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { Database } from '../db/database.ts'
import { ChainIndexer } from '../indexer/indexer.ts'
import { type ChainData, ChainOptions, type ChainOptionsInput } from './config.ts'

export interface ChainServices {
  chainData: ChainData
  /** Present unless the instance was told to serve reads only. */
  indexer: ChainIndexer | undefined
  stop(): Promise<void>
}

/**
 * Everything that follows and serves the configured chain: the RPC client (with JSON-RPC batching,
 * which folds a batch's block and receipt calls into a few HTTP requests) and the indexer.
 */
export function startChainServices(
  database: Database,
  input: ChainOptionsInput,
  log?: (line: string) => void,
): ChainServices {
  const config = ChainOptions.parse(input)
  const chain = defineChain({
    id: config.chainId,
    name: `Chain ${config.chainId}`,
    nativeCurrency: config.nativeCurrency,
    rpcUrls: { default: { http: [config.rpcUrl] } },
  })
  const client = createPublicClient({
    chain,
    transport: http(config.rpcUrl, { batch: { batchSize: 200, wait: 0 }, timeout: 10_000, retryCount: 3 }),
  }) as PublicClient
  const chainData: ChainData = { database, client, config, caipNetworkId: `eip155:${config.chainId}` }
  const indexer = config.index
    ? new ChainIndexer({
        database,
        client,
        chainId: config.chainId,
        startBlock: config.startBlock,
        pollIntervalMs: config.pollIntervalMs,
        metadata: config.metadata,
        log,
      })
    : undefined
  indexer?.start()
  return { chainData, indexer, stop: async () => indexer?.stop() }
}
