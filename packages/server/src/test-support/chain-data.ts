import { DEV_ACCOUNTS, demoTokenList } from '@portico/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ChainData } from '../chain-data/config.ts'
import { ChainOptions, type ChainOptionsInput } from '../chain-data/config.ts'
import { OPERATION_TYPES } from '../chain-data/operation-type.ts'
import type { Database } from '../db/database.ts'
import { BackfillWorker } from '../indexer/backfill.ts'
import { ChainIndexer, type IndexerOptions } from '../indexer/indexer.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import type { TestChain } from './chain.ts'

export const PAGE = 'https://wallet.example'
export const USDC_ICON = 'https://icons.example/usdc.svg'
export const WETH_ICON =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'

/**
 * The services app with the chain routes on `database`, and a project for PAGE; no indexer runs.
 * The demo tokens are on its token list; `options` adds to or replaces the chain option.
 */
export async function chainApp(
  database: Database,
  chain: TestChain,
  options: Partial<ChainOptionsInput> = {},
): Promise<{
  app: FastifyInstance
  chainData: ChainData
  get(path: string): Promise<{ status: number; body: unknown }>
}> {
  const config = ChainOptions.parse({
    rpcUrl: chain.rpcUrl,
    chainId: chain.deployment.chainId,
    startBlock: chain.deployment.firstBlock,
    spamCollections: [chain.deployment.nfts.spam.address],
    // WETH by address and by symbol: the address must win.
    tokenIcons: {
      USDC: USDC_ICON,
      WETH: 'https://icons.example/not-this-one.svg',
      [chain.deployment.tokens.WETH.address]: WETH_ICON,
    },
    tokenList: demoTokenList(chain.deployment).tokens,
    ...options,
  })
  const chainData: ChainData = {
    database,
    client: chain.client,
    config,
    caipNetworkId: `eip155:${config.chainId}`,
  }
  const app = await buildServer({ database, chain: chainData })
  const project = await createProject(database.db, { name: 'Wallet', origins: [PAGE] })
  const get = async (path: string) => {
    const separator = path.includes('?') ? '&' : '?'
    const response = await app.inject({
      url: `/v1${path}${separator}projectId=${project.id}`,
      headers: { origin: PAGE },
    })
    return { status: response.statusCode, body: response.json() }
  }
  return { app, chainData, get }
}

/** The dev accounts, watched without being asked as the dev stack watches them. */
export const DEV_WATCHED: readonly string[] = DEV_ACCOUNTS.map((account) => account.address)

/**
 * A head follower for `chain` that watches the dev accounts and refreshes the watch set before every
 * range, so an account watched by a route request or an embedded sign-up is followed from the next.
 */
export function testIndexer(
  database: Database,
  chain: TestChain,
  options: Partial<IndexerOptions> = {},
): ChainIndexer {
  return new ChainIndexer({
    database,
    client: chain.client,
    chainId: chain.deployment.chainId,
    startBlock: chain.deployment.firstBlock,
    watchAccounts: DEV_WATCHED,
    refreshWatchMs: 0,
    pollIntervalMs: 50,
    lockRetryMs: 100,
    log: () => {},
    ...options,
  })
}

/** A backfill worker for `chain` that takes the indexer's metadata options and retries at once. */
function testBackfill(
  database: Database,
  chain: TestChain,
  options: Partial<IndexerOptions> = {},
): BackfillWorker {
  return new BackfillWorker({
    database,
    client: chain.client,
    chainId: chain.deployment.chainId,
    pollIntervalMs: 20,
    retryMs: 0,
    metadata: options.metadata,
    metadataTimeoutMs: options.metadataTimeoutMs,
    log: () => {},
  })
}

/**
 * Brings the watched accounts to what a user sees once their backfill is done: the head follows
 * them up to the chain's head, every due backfill runs to where the head took over, and the head
 * reads what came meanwhile. Deterministic, so tests need no polling for a settled state.
 */
export async function settleChain(
  database: Database,
  chain: TestChain,
  options: Partial<IndexerOptions> = {},
): Promise<void> {
  const indexer = testIndexer(database, chain, options)
  const backfill = testBackfill(database, chain, options)
  try {
    await indexer.catchUp()
    await backfill.drain()
    await indexer.catchUp()
  } finally {
    await indexer.stop()
    await backfill.stop()
  }
}

/**
 * Whether `address`'s backfill has read everything up to where the head is now: done, or waiting
 * for the head to follow it past blocks it has already read. What a user then sees is complete.
 */
export async function backfillCaughtUp(
  database: Database,
  chainId: number,
  address: string,
): Promise<boolean> {
  const row = await database.db
    .selectFrom('chain_backfills')
    .leftJoin('chain_cursors', 'chain_cursors.chain_id', 'chain_backfills.chain_id')
    .select(['done', 'logs_next_block', 'native_next_block', 'native_source', 'block_number'])
    .where('chain_backfills.chain_id', '=', chainId)
    .where('address', '=', address.toLowerCase())
    .executeTakeFirst()
  if (!row || row.block_number === null) return false
  const head = Number(row.block_number)
  return (
    row.done ||
    (Number(row.logs_next_block) > head &&
      (row.native_source === 'none' || Number(row.native_next_block) > head))
  )
}

// The route shapes the client half is built against; parsing a response with these is the shape test.
const CHAIN = z.literal('eip155:31337')
const Quantity = z.object({ decimals: z.string().regex(/^\d+$/), numeric: z.string().regex(/^\d+(\.\d+)?$/) })

export const BalanceResponse = z.strictObject({
  balances: z.array(
    z.strictObject({
      name: z.string(),
      symbol: z.string(),
      chainId: CHAIN,
      address: z
        .string()
        .regex(/^eip155:31337:0x[0-9a-fA-F]{40}$/)
        .optional(),
      value: z.number(),
      price: z.number(),
      quantity: Quantity,
      iconUrl: z.string(),
      verified: z.boolean(),
    }),
  ),
})

const Transfer = z.strictObject({
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.strictObject({ numeric: z.string(), decimals: z.number().optional() }),
  fungible_info: z
    .strictObject({
      name: z.string(),
      symbol: z.string(),
      icon: z.strictObject({ url: z.string() }),
      verified: z.boolean(),
    })
    .optional(),
  nft_info: z
    .strictObject({
      name: z.string(),
      content: z.strictObject({ preview: z.strictObject({ url: z.string() }) }),
      flags: z.strictObject({ is_spam: z.boolean() }),
      token_id: z.string(),
      contract: z.string(),
    })
    .optional(),
  value: z.number().optional(),
  price: z.number().optional(),
})

export const HistoryResponse = z.strictObject({
  data: z.array(
    z.strictObject({
      id: z.string(),
      hash: z.string().regex(/^0x[0-9a-f]{64}$/),
      metadata: z.strictObject({
        minedAt: z.iso.datetime(),
        chain: CHAIN,
        operationType: z.enum(OPERATION_TYPES),
        status: z.enum(['confirmed', 'failed']),
        sentFrom: z.string(),
        sentTo: z.string(),
        nonce: z.number().optional(),
      }),
      transfers: z.array(Transfer),
    }),
  ),
  next: z.string().nullable(),
  nativeHistoryFrom: z.iso.datetime().nullable(),
})
export type HistoryTransaction = z.output<typeof HistoryResponse>['data'][number]

export const NftResponse = z.strictObject({
  data: z.array(
    z.strictObject({
      contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      tokenId: z.string(),
      name: z.string(),
      collection: z.strictObject({ name: z.string(), symbol: z.string() }),
      image: z.string(),
      isSpam: z.boolean(),
    }),
  ),
  next: z.string().nullable(),
})
