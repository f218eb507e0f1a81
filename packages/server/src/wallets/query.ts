import { WALLET_LIST } from '@portico/core/shared'
import { z } from 'zod'
import { CHAIN_REF } from './registry.ts'

/** A whole number in a query string, within bounds; the message says the range. */
const whole = (min: number, max: number) => {
  const range = `must be a whole number from ${min} to ${max}`
  return z
    .string({ error: range })
    .regex(/^[0-9]{1,6}$/, range)
    .transform(Number)
    .pipe(z.number().min(min, range).max(max, range))
}

/** A comma-separated list (`a,b,c`) of at most `max` items, each checked by `item`. */
const list = (item: z.ZodString, max: number) =>
  z
    .string()
    .max(20_000, 'is too long')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `must list at most ${max} items`))

/**
 * `GET /v1/wallets`, as AppKit's explorer client asks it: pages from 1, up to 100 entries
 * (behaviour §9's search cap), `include`/`exclude` wallets by id, rdns or name (behaviour §5),
 * a name search, a badge and the chains (CAIP-2) the wallet must run on.
 */
export const WalletsQuery = z.looseObject({
  page: whole(1, 100_000).default(1),
  entries: whole(1, WALLET_LIST.searchMax).default(WALLET_LIST.pageSize),
  include: list(z.string().max(200, 'each item must be at most 200 characters'), 500).optional(),
  exclude: list(z.string().max(200, 'each item must be at most 200 characters'), 500).optional(),
  search: z
    .string()
    .max(100, 'must be at most 100 characters')
    .transform((value) => value.trim().toLowerCase())
    .optional(),
  badge_type: z.enum(['certified', 'none'], { error: 'must be certified or none' }).optional(),
  chains: list(z.string().regex(CHAIN_REF, 'must be CAIP-2 chain ids such as eip155:1'), 50).optional(),
})

export type WalletsQuery = z.output<typeof WalletsQuery>
