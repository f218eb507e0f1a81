import { parseCaipAddress, SWAP_SLIPPAGE_PERCENT } from '@portico/core/shared'
import { type Address, getAddress } from 'viem'
import { z } from 'zod'
import { CaipNetworkId } from '../chain-data/params.ts'

// What the convert routes take, in the shapes AppKit's convert client sends: amounts in base units
// as strings of digits, tokens as CAIP-10 addresses (the native token as NATIVE_TOKEN), slippage
// in percent.

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** 2^256 has 78 digits: longer text is refused before it becomes a number. */
const MAX_AMOUNT_DIGITS = 78

/** A string the caller must send; a missing one and one of another type are told apart. */
const text = (what: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `is required: ${what}` : `must be a string: ${what}`),
  })

/** An amount in the token's smallest unit: `1500000` is 1.5 USDC (6 decimals). */
const Amount = text('the amount in the token’s base units').transform((value, context) => {
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  if (/^-[0-9]+$/.test(value)) return refuse('must be more than 0')
  if (!/^[0-9]+$/.test(value))
    return refuse('must be a whole number of the token’s base units, digits only (1500000 for 1.5 USDC)')
  if (value.length > MAX_AMOUNT_DIGITS) return refuse('must be below 2^256')
  const amount = BigInt(value)
  if (amount === 0n) return refuse('must be more than 0')
  if (amount >= 2n ** 256n) return refuse('must be below 2^256')
  return amount
})

/** A token named by its CAIP-10 address; which chain and token it is, is judged against the swaps. */
export interface TokenRef {
  caipNetworkId: string
  address: string
}

const Token = text('the token’s CAIP-10 address, e.g. eip155:1:0x…').transform((value, context): TokenRef => {
  try {
    const { namespace, chainId, address } = parseCaipAddress(value)
    // Another namespace is a network without swaps, which the route says in its own words.
    if (namespace === 'eip155' && !HEX_ADDRESS.test(address)) throw new Error('expected 0x and 40 hex digits')
    return { caipNetworkId: `${namespace}:${chainId}`, address }
  } catch (error) {
    context.addIssue({ code: 'custom', message: `malformed token address: ${(error as Error).message}` })
    return z.NEVER
  }
})

/** The account that swaps: `0x…`, or its CAIP-10 form, whose chain must then be the tokens'. */
export interface UserRef {
  caipNetworkId?: string
  address: Address
}

const User = text('the account, 0x… or eip155:<chain id>:0x…').transform((value, context): UserRef => {
  const malformed = () => {
    context.addIssue({
      code: 'custom',
      message:
        'malformed account address: expected 0x and 40 hex digits, or eip155:<chain id>:0x and 40 hex digits',
    })
    return z.NEVER
  }
  if (HEX_ADDRESS.test(value)) return { address: getAddress(value.toLowerCase()) }
  try {
    const { namespace, chainId, address } = parseCaipAddress(value)
    if (!HEX_ADDRESS.test(address)) return malformed()
    return { caipNetworkId: `${namespace}:${chainId}`, address: getAddress(address.toLowerCase()) }
  } catch {
    return malformed()
  }
})

const SLIPPAGE_RANGE = `must be a percentage from 0 to ${SWAP_SLIPPAGE_PERCENT.max}`
const Slippage = z
  .number({ error: SLIPPAGE_RANGE })
  .min(0, SLIPPAGE_RANGE)
  .max(SWAP_SLIPPAGE_PERCENT.max, SLIPPAGE_RANGE)

export const TokensQuery = z.looseObject({ chainId: CaipNetworkId })

/** AppKit also sends `gasPrice`, which a V2 quote does not depend on: it is let through unread. */
export const QuotesQuery = z.looseObject({
  amount: Amount,
  from: Token,
  to: Token,
  userAddress: User.optional(),
})

export const AllowanceQuery = z.looseObject({ tokenAddress: Token, userAddress: User })

export const ApproveQuery = z.looseObject({ userAddress: User, from: Token, to: Token, amount: Amount })

export const SwapBody = z.object({
  amount: Amount,
  from: Token,
  to: Token,
  userAddress: User,
  eip155: z.object({ slippage: Slippage.default(SWAP_SLIPPAGE_PERCENT.default) }).prefault({}),
})
