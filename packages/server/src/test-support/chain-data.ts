import { demoTokenList } from '@portico/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ChainData } from '../chain-data/config.ts'
import { ChainOptions, type ChainOptionsInput } from '../chain-data/config.ts'
import { OPERATION_TYPES } from '../chain-data/operation-type.ts'
import type { Database } from '../db/database.ts'
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
    pollIntervalMs: 50,
    lockRetryMs: 100,
    log: () => {},
    ...options,
  })
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
