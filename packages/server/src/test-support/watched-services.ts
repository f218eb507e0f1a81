import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import { type ChainData, ChainOptions, type ChainOptionsInput } from '../chain-data/config.ts'
import type { Database } from '../db/database.ts'
import { type BackfillOptions, BackfillWorker } from '../indexer/backfill.ts'
import { ChainIndexer } from '../indexer/indexer.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'

const PAGE = 'https://dapp.example'

/** The account routes, the head follower and a backfill worker of one instance, on `rpcUrl`. */
export interface WatchedServices {
  chainData: ChainData
  indexer: ChainIndexer
  backfill: BackfillWorker
  /** A GET of the account routes for the instance's project: status, body and the watch header. */
  get(path: string): Promise<{ status: number; body: unknown; watch: string | undefined }>
  /** Reads the head, then every due backfill, then the head again: the state a user waits for. */
  settle(): Promise<void>
  close(): Promise<void>
}

function nodeClient(rpcUrl: string, chainId: number): PublicClient {
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return createPublicClient({
    chain,
    transport: http(rpcUrl, { batch: { batchSize: 200, wait: 0 } }),
  }) as PublicClient
}

export async function startWatchedServices(
  database: Database,
  rpcUrl: string,
  chainId: number,
  options: Partial<ChainOptionsInput> & { backfill?: Partial<BackfillOptions>; projectId?: string } = {},
): Promise<WatchedServices> {
  const { backfill: backfillOptions, projectId, ...chainOptions } = options
  const config = ChainOptions.parse({ rpcUrl, chainId, ...chainOptions })
  const client = nodeClient(rpcUrl, chainId)
  const chainData: ChainData = { database, client, config, caipNetworkId: `eip155:${chainId}` }
  const indexer = new ChainIndexer({
    database,
    client,
    chainId,
    startBlock: config.startBlock,
    watchAccounts: config.watchAccounts,
    pollIntervalMs: 50,
    lockRetryMs: 100,
    refreshWatchMs: 0,
    log: () => {},
  })
  const backfill = new BackfillWorker({
    database,
    client,
    chainId,
    logSpan: config.logSpan,
    traceSpan: config.traceSpan,
    pollIntervalMs: 20,
    retryMs: 0,
    log: () => {},
    ...backfillOptions,
  })
  const app = await buildServer({ database, chain: chainData })
  const project = projectId ?? (await createProject(database.db, { name: 'Dapp', origins: [PAGE] })).id
  return {
    chainData,
    indexer,
    backfill,
    async get(path) {
      const separator = path.includes('?') ? '&' : '?'
      const response = await app.inject({
        url: `/v1${path}${separator}projectId=${project}&chainId=eip155:${chainId}`,
        headers: { origin: PAGE },
      })
      const watch = response.headers['portico-watch']
      return {
        status: response.statusCode,
        body: response.json(),
        watch: typeof watch === 'string' ? watch : undefined,
      }
    },
    async settle() {
      await indexer.catchUp()
      await backfill.drain()
      await indexer.catchUp()
    },
    async close() {
      await indexer.stop()
      await backfill.stop()
      await app.close()
    },
  }
}
