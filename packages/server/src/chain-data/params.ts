import { ErrorText, isValidAddress, parseCaipAddress, parseCaipNetworkId } from '@portico/core/shared'
import { z } from 'zod'
import { HttpError } from '../http/errors.ts'
import type { ChainData } from './config.ts'

export const PAGE_SIZE = 20

/** An EVM account in a path: 0x plus 40 hex digits (behaviour §5), any case; kept lower-case. */
export const AccountParams = z.object({
  address: z
    .string()
    .refine((value) => value.startsWith('0x') && isValidAddress(value, 'eip155'), {
      error: 'Invalid address: expected 0x and 40 hex digits',
    })
    .transform((value) => value.toLowerCase()),
})

export const CaipNetworkId = z.string().transform((value, context) => {
  try {
    const parsed = parseCaipNetworkId(value)
    return `${parsed.namespace}:${parsed.chainId}`
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message })
    return z.NEVER
  }
})

const Limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${PAGE_SIZE}` })
  .int(`limit must be a whole number from 1 to ${PAGE_SIZE}`)
  .min(1, `limit must be a whole number from 1 to ${PAGE_SIZE}`)
  .max(PAGE_SIZE, `limit must be a whole number from 1 to ${PAGE_SIZE}`)

export const PageQuery = z.looseObject({
  chainId: CaipNetworkId.optional(),
  cursor: z.string().optional(),
  limit: Limit.optional(),
})

export const BalanceQuery = z.looseObject({
  chainId: CaipNetworkId.optional(),
  currency: z.literal('usd', { error: 'Unsupported currency: only usd is priced' }).default('usd'),
  forceUpdate: z.enum(['true', 'false']).optional(),
})

export const GasPriceQuery = z.looseObject({ chainId: CaipNetworkId })

export const PriceBody = z.object({
  currency: z.literal('usd', { error: 'Unsupported currency: only usd is priced' }),
  addresses: z
    .array(
      z.string().transform((value, context) => {
        try {
          return parseCaipAddress(value)
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message })
          return z.NEVER
        }
      }),
    )
    .max(100, 'at most 100 addresses per request'),
})

/** The account routes serve the one configured chain; asking for another is the caller's mistake. */
export function requireServedChain(chain: ChainData, chainId: string | undefined): void {
  if (chainId !== undefined && chainId !== chain.caipNetworkId) {
    throw new HttpError(400, `${ErrorText.CHAIN_NOT_SUPPORTED}: ${chainId}`)
  }
}
