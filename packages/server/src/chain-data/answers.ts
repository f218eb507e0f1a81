import type * as Client from '@portico/core/shared'
import { z } from 'zod'
import { OPERATION_TYPES } from './operation-type.ts'

// The account routes' answers (behaviour §3, §7). `satisfies` ties each one to the type the client reads
// (`@portico/core/shared`); the server may send more than the client reads, never less. Keys
// are listed in the order the answers are built, which is the order they are sent in.

const Balance = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.string().optional(),
  value: z.number(),
  price: z.number(),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.string(),
  /** False for a token not on the operator's token list: its name and symbol are its own say-so. */
  verified: z.boolean(),
}) satisfies z.ZodType<Client.Balance>

export const BalancesAnswer = z.object({ balances: z.array(Balance) })

const Transfer = z.object({
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string(), decimals: z.number().optional() }),
  fungible_info: z
    .object({
      name: z.string(),
      symbol: z.string(),
      icon: z.object({ url: z.string() }),
      verified: z.boolean(),
    })
    .optional(),
  nft_info: z
    .object({
      name: z.string(),
      content: z.object({ preview: z.object({ url: z.string() }) }),
      flags: z.object({ is_spam: z.boolean() }),
      token_id: z.string(),
      contract: z.string(),
    })
    .optional(),
  value: z.number().optional(),
  price: z.number().optional(),
})

const Transaction = z.object({
  id: z.string(),
  hash: z.string(),
  metadata: z.object({
    minedAt: z.string(),
    chain: z.string(),
    operationType: z.enum(OPERATION_TYPES),
    status: z.enum(['confirmed', 'failed']),
    sentFrom: z.string(),
    sentTo: z.string(),
    nonce: z.number(),
  }),
  transfers: z.array(Transfer),
})
export type Balance = z.input<typeof Balance>
export type Transaction = z.input<typeof Transaction>
export type Transfer = z.input<typeof Transfer>

/** One page of a list and the cursor of the next (null on the last). */
const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), next: z.string().nullable() })

export const HistoryAnswer = pageOf(Transaction).extend({
  /**
   * Null when the page shows every native transfer of the account. Otherwise the time from which
   * it does: the node offers no traces, so ETH moved before the account was first watched — and
   * ETH a contract moved without a log at any time — is not found; Activity can say so.
   */
  nativeHistoryFrom: z.string().nullable(),
}) satisfies z.ZodType<Client.TransactionsPage>

const Nft = z.object({
  contract: z.string(),
  tokenId: z.string(),
  name: z.string(),
  collection: z.object({ name: z.string(), symbol: z.string() }),
  image: z.string(),
  isSpam: z.boolean(),
}) satisfies z.ZodType<Client.Nft>

export const NftsAnswer = pageOf(Nft) satisfies z.ZodType<Client.NftsPage>

const Fungible = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
})
export type Fungible = z.input<typeof Fungible>

export const FungiblesAnswer = z.object({ fungibles: z.array(Fungible) })

export const GasPriceAnswer = z.object({
  standard: z.string(),
  fast: z.string(),
  instant: z.string(),
}) satisfies z.ZodType<Client.GasPrice>
