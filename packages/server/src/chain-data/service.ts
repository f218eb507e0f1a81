import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { Database } from '../db/database.ts'
import { BackfillWorker } from '../indexer/backfill.ts'
import { ChainIndexer } from '../indexer/indexer.ts'
import { type ChainData, ChainOptions, type ChainOptionsInput } from './config.ts'
import { liveNodeClient } from './node.ts'

export interface ChainServices {
  chainData: ChainData
  /** Present unless the instance was told to serve reads only. */
  indexer: ChainIndexer | undefined
  /** Present with the indexer: every indexing instance takes its share of the backfills. */
  backfill: BackfillWorker | undefined
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
  if (!config.index) return { chainData, indexer: undefined, backfill: undefined, stop: async () => {} }
  const client = createPublicClient({
    chain,
    transport: http(config.rpcUrl, {
      batch: { batchSize: 200, wait: 0 },
      timeout: 10_000,
      retryCount: 3,
    }),
  }) as PublicClient
  const indexer = new ChainIndexer({
    database,
    client,
    chainId: config.chainId,
    startBlock: config.startBlock,
    watchAccounts: config.watchAccounts,
    pollIntervalMs: config.pollIntervalMs,
    metadata: config.metadata,
    log,
  })
  const backfill = new BackfillWorker({
    database,
    client,
    chainId: config.chainId,
    logSpan: config.logSpan,
    traceSpan: config.traceSpan,
    pollIntervalMs: Math.max(config.pollIntervalMs, 250),
    metadata: config.metadata,
    log,
  })
  indexer.start()
  backfill.start()
  return {
    chainData,
    indexer,
    backfill,
    stop: async () => {
      await Promise.all([indexer.stop(), backfill.stop()])
    },
  }
}
