import type { PublicClient } from 'viem'
import { z } from 'zod'
import type { Database } from '../db/database.ts'

const Address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x and 40 hex digits')
  .transform((value) => value.toLowerCase())

/** USD prices by token symbol, until pool-derived prices arrive with swaps. */
export const DEFAULT_PRICES: Readonly<Record<string, number>> = { ETH: 3000, WETH: 3000, USDC: 1, DAI: 1 }

/**
 * The operator's price table: USD per whole token, keyed by symbol (`USDC`) or by token address
 * (`0x…`, which wins over the symbol). JSON in `PORTICO_PRICES` when started from the stack.
 */
export const PriceTable = z
  .record(z.string().min(1), z.number().nonnegative().finite())
  .transform((table) =>
    Object.fromEntries(
      Object.entries(table).map(([key, price]) => [
        key.startsWith('0x') ? key.toLowerCase() : key.toUpperCase(),
        price,
      ]),
    ),
  )

/** The chain the services follow and serve (`startServer`'s `chain` option). */
export const ChainOptions = z.object({
  rpcUrl: z.url(),
  chainId: z.number().int().positive(),
  /** First block to index; must not be later than the token contracts' deployment. */
  startBlock: z.number().int().nonnegative().default(0),
  /** NFT collections flagged as spam in history and NFT lists. */
  spamCollections: z.array(Address).default([]),
  prices: PriceTable.default(DEFAULT_PRICES),
  nativeCurrency: z
    .object({ name: z.string(), symbol: z.string(), decimals: z.number().int().min(0).max(36) })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
  /** False for an instance that only serves reads; normally every instance tries, and the lock picks one. */
  index: z.boolean().default(true),
  pollIntervalMs: z.number().int().positive().default(300),
  /** Memory for history pages kept until their account has new activity (history-cache.ts); 0 turns it off. */
  historyCacheMb: z.number().nonnegative().default(32),
})
export type ChainOptionsInput = z.input<typeof ChainOptions>
export type ChainConfig = z.output<typeof ChainOptions>

/** What the chain-data routes read: the database the indexer fills, and the chain for live values. */
export interface ChainData {
  database: Database
  client: PublicClient
  config: ChainConfig
  /** `eip155:<chainId>` */
  caipNetworkId: string
}

/** USD per whole token: by address first, then symbol; unknown tokens are worth 0. */
export function priceOf(config: ChainConfig, symbol: string, address?: string): number {
  const prices = config.prices
  return (
    (address === undefined ? undefined : prices[address.toLowerCase()]) ?? prices[symbol.toUpperCase()] ?? 0
  )
}

/** `PORTICO_PRICES` as a price table, e.g. `{"USDC":1,"WETH":3000}`; unset means the defaults. */
export function priceTableFromEnv(json: string | undefined): Record<string, number> | undefined {
  if (json === undefined || json.trim() === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new Error('PORTICO_PRICES must be JSON, e.g. {"USDC":1,"WETH":3000}')
  }
  const result = PriceTable.safeParse(parsed)
  if (!result.success) throw new Error(`PORTICO_PRICES: ${result.error.issues[0]?.message ?? 'invalid'}`)
  return result.data
}
