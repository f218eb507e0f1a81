import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { Database } from '../db/database.ts'
import { ChainIndexer } from '../indexer/indexer.ts'
import { type ChainData, ChainOptions, type ChainOptionsInput } from './config.ts'
import { liveNodeClient } from './node.ts'

export interface ChainServices {
  chainData: ChainData
  /** Present unless the instance was told to serve reads only. */
  indexer: ChainIndexer | undefined
  stop(): Promise<void>
}

/**
 * Everything that follows and serves the configured chain: the indexer with its own patient RPC
 * client (JSON-RPC batching folds a batch's block and receipt calls into a few HTTP requests, and a
 * failed step is simply tried again), and the quick one-try client the routes answer from.
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
  const chainData: ChainData = {
    database,
    client: liveNodeClient(chain, config.rpcUrl),
    config,
    caipNetworkId: `eip155:${config.chainId}`,
  }
  const indexer = config.index
    ? new ChainIndexer({
        database,
        client: createPublicClient({
          chain,
          transport: http(config.rpcUrl, {
            batch: { batchSize: 200, wait: 0 },
            timeout: 10_000,
            retryCount: 3,
          }),
        }) as PublicClient,
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
