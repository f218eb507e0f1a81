import type { PublicClient } from 'viem'
import { z } from 'zod'
import type { Database } from '../db/database.ts'
import { normaliseAllowedHost } from '../http/public-address.ts'
import { DEFAULT_ARWEAVE_GATEWAY, DEFAULT_IPFS_GATEWAY } from '../indexer/metadata.ts'
import { ListedToken } from './token-list.ts'

const Address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x and 40 hex digits')
  .transform((value) => value.toLowerCase())

/**
 * USD prices by token symbol, until pool-derived prices arrive with swaps. A symbol applies only to
 * the native coin and to tokens on the operator's token list (token-trust.ts).
 */
const DEFAULT_PRICES: Readonly<Record<string, number>> = { ETH: 3000, WETH: 3000, USDC: 1, DAI: 1 }

/**
 * A table keyed by token address (`0x…`, for that contract whatever it calls itself) or token symbol
 * (`USDC`, for the native coin and the token list's token of that symbol only), as the operator
 * writes the price and icon tables.
 */
function tokenTable<T extends z.ZodType>(value: T) {
  return z
    .record(z.string().min(1), value)
    .transform((table) =>
      Object.fromEntries(
        Object.entries(table).map(([key, entry]) => [
          key.startsWith('0x') ? key.toLowerCase() : key.toUpperCase(),
          entry as z.output<T>,
        ]),
      ),
    )
}

/** USD per whole token. JSON in `PORTICO_PRICES` when started from the stack. */
const PriceTable = tokenTable(z.number().nonnegative().finite())

/**
 * Token icons: http(s) or `data:image/…` URLs (the modal shows nothing else). JSON in
 * `PORTICO_TOKEN_ICONS` when started from the stack; a token without one gets a monogram.
 */
export const IconTable = tokenTable(
  z
    .string()
    .refine((url) => /^(https?:\/\/|data:image\/)/i.test(url), 'icons must be http(s) or data:image URLs'),
)

/** A gateway base URL, ending in `/` so token paths append to it; null reads nothing through it. */
const Gateway = z
  .url({ protocol: /^https?$/, error: 'gateways must be http(s) URLs' })
  .transform((url) => (url.endsWith('/') ? url : `${url}/`))
  .nullable()

/** Where token URIs are read besides the open web (`MetadataSources` in indexer/metadata.ts). */
const MetadataOptions = z.object({
  ipfsGateway: Gateway.default(DEFAULT_IPFS_GATEWAY),
  arweaveGateway: Gateway.default(DEFAULT_ARWEAVE_GATEWAY),
  /** Host names (or host:port) read even on private addresses, e.g. a metadata server in development. */
  allowHosts: z
    .array(
      z.string().transform((entry, context) => {
        try {
          return normaliseAllowedHost(entry)
        } catch (error) {
          context.issues.push({ code: 'custom', input: entry, message: (error as Error).message })
          return z.NEVER
        }
      }),
    )
    .default([]),
})
export type MetadataOptionsInput = z.input<typeof MetadataOptions>

/** The chain the services follow and serve (`startServer`'s `chain` option). */
export const ChainOptions = z.object({
  rpcUrl: z.url(),
  chainId: z.number().int().positive(),
  /** A floor for backfills: nothing below this block is ever read. 0 reads an account's whole past. */
  startBlock: z.number().int().nonnegative().default(0),
  /** A project starts watching at most this many accounts; beyond, its requests are answered unwatched. */
  watchMaxPerProject: z.number().int().nonnegative().default(10_000),
  /** A dapp's watch lapses this many days after the account was last asked about. */
  watchExpireDays: z.number().positive().default(30),
  /** Accounts the services watch without being asked (the dev stack's demo accounts). */
  watchAccounts: z.array(Address).default([]),
  /** Blocks per `trace_filter` call to start with (anvil answers at most 301). */
  traceSpan: z.number().int().positive().default(301),
  /** Blocks per `eth_getLogs` call to start with; halved on every refusal, grown after successes. */
  logSpan: z.number().int().positive().default(10_000),
  /** NFT collections flagged as spam in history and NFT lists. */
  spamCollections: z.array(Address).default([]),
  prices: PriceTable.default(DEFAULT_PRICES),
  tokenIcons: IconTable.default({}),
  /**
   * The tokens the operator vouches for (a token list's `tokens`, `PORTICO_TOKEN_LIST`): the only
   * ones marked verified, priced or given an icon by symbol; entries for other chains are ignored.
   */
  tokenList: z.array(ListedToken).default([]),
  nativeCurrency: z
    .object({ name: z.string(), symbol: z.string(), decimals: z.number().int().min(0).max(36) })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
  /** False for an instance that only serves reads; normally every instance tries, and the lock picks one. */
  index: z.boolean().default(true),
  pollIntervalMs: z.number().int().positive().default(300),
  /**
   * How long the index may stay behind the chain without moving before `/health/ready` calls
   * indexing stuck (503). Longer than a slow batch of a catch-up; tests set it to 0.
   */
  indexingStuckAfterMs: z.number().int().nonnegative().default(120_000),
  /**
   * How long an account's balances read from the chain are answered again from memory, unless the
   * caller forces an update or the indexer announces activity of the account; 0 reads every time.
   */
  balanceCacheMs: z.number().int().nonnegative().default(2_000),
  /** Memory for history pages kept until their account has new activity (history-cache.ts); 0 turns it off. */
  historyCacheMb: z.number().nonnegative().default(32),
  metadata: MetadataOptions.prefault({}),
})
export type ChainOptionsInput = z.input<typeof ChainOptions>
type ChainConfig = z.output<typeof ChainOptions>

/** What the chain-data routes read: the database the indexer fills, and the chain for live values. */
export interface ChainData {
  database: Database
  /** For values read at request time; calls go through `askNode` (node.ts) so a lost node is a 503. */
  client: PublicClient
  config: ChainConfig
  /** `eip155:<chainId>` */
  caipNetworkId: string
}

/**
 * A price or icon table's entry for a token the operator configured itself (the swap tokens): by
 * address first, then symbol. Tokens from the chain go through token-trust.ts instead.
 */
export function tableEntry<T>(
  table: Record<string, T>,
  symbol: string,
  address: string | undefined,
): T | undefined {
  return (address === undefined ? undefined : table[address.toLowerCase()]) ?? table[symbol.toUpperCase()]
}

/** `PORTICO_PRICES` as a price table, e.g. `{"USDC":1,"WETH":3000}`; unset means the defaults. */
export function priceTableFromEnv(json: string | undefined): Record<string, number> | undefined {
  return tableFromEnv('PORTICO_PRICES', '{"USDC":1,"WETH":3000}', PriceTable, json)
}

/** `PORTICO_TOKEN_ICONS` as an icon table, e.g. `{"USDC":"https://…/usdc.svg"}`; unset means none. */
export function iconTableFromEnv(json: string | undefined): Record<string, string> | undefined {
  return tableFromEnv('PORTICO_TOKEN_ICONS', '{"USDC":"https://example.com/usdc.svg"}', IconTable, json)
}

function tableFromEnv<T>(
  name: string,
  example: string,
  schema: z.ZodType<Record<string, T>, unknown>,
  json: string | undefined,
): Record<string, T> | undefined {
  if (json === undefined || json.trim() === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new Error(`${name} must be JSON, e.g. ${example}`)
  }
  const result = schema.safeParse(parsed)
  if (!result.success) throw new Error(`${name}: ${result.error.issues[0]?.message ?? 'invalid'}`)
  return result.data
}

const METADATA_VARIABLES = {
  ipfsGateway: 'PORTICO_IPFS_GATEWAY',
  arweaveGateway: 'PORTICO_ARWEAVE_GATEWAY',
  allowHosts: 'PORTICO_METADATA_ALLOW_HOSTS',
} as const

/**
 * The `metadata` option from `PORTICO_IPFS_GATEWAY` and `PORTICO_ARWEAVE_GATEWAY` (a base URL, or
 * `off`; unset means the public default) and `PORTICO_METADATA_ALLOW_HOSTS` (comma-separated).
 */
export function metadataOptionsFromEnv(env: Record<string, string | undefined>): MetadataOptionsInput {
  const gateway = (name: string) => {
    const value = env[name]?.trim()
    if (!value) return undefined
    return value.toLowerCase() === 'off' ? null : value
  }
  const result = MetadataOptions.safeParse({
    ipfsGateway: gateway(METADATA_VARIABLES.ipfsGateway),
    arweaveGateway: gateway(METADATA_VARIABLES.arweaveGateway),
    allowHosts: env[METADATA_VARIABLES.allowHosts]
      ?.split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  })
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const key = issue?.path[0] as keyof typeof METADATA_VARIABLES | undefined
  throw new Error(`${key ? METADATA_VARIABLES[key] : 'metadata'}: ${issue?.message ?? 'invalid'}`)
}
