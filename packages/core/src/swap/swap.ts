/**
 * The swap form's rules (behaviour §2 swaps): which tokens, how much, what the button
 * says, what at least arrives. Pure and in base units (bigint); the services' calls are api.ts,
 * the wallet's swap-actions.ts.
 */
import { parseUnits } from 'viem'
import { SWAP_SLIPPAGE_PERCENT } from '../constants.ts'
import { formatTokenAmount } from '../format.ts'
import { isDecimalAmount } from '../validators.ts'

/** The services' placeholder for the chain's own coin (1inch's, as AppKit's client sends it). */
export const NATIVE_SWAP_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Behaviour §3 swap token mapping, as `GET /v1/convert/tokens` lists it. */
export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10, e.g. `eip155:31337:0x…`; the native coin has `NATIVE_SWAP_ADDRESS`. */
  address: string
  decimals: number
  logoUri: string
  eip2612?: boolean | undefined
}

export const SwapText = {
  SELECT_TOKEN: 'Select a token',
  ENTER_AMOUNT: 'Enter an amount',
  INVALID_AMOUNT: 'Invalid amount',
  NO_QUOTE: 'No quote for this amount',
  REVIEW: 'Review swap',
} as const

export function tokenAddressOf(token: SwapToken): `0x${string}` {
  return token.address.split(':').pop() as `0x${string}`
}

export function isNativeSwapToken(token: SwapToken): boolean {
  return tokenAddressOf(token).toLowerCase() === NATIVE_SWAP_ADDRESS.toLowerCase()
}

/** The amount typed, in the token's base units; undefined when it is not a positive amount it can have. */
export function swapAmountUnits(amount: string, decimals: number): bigint | undefined {
  const trimmed = amount.trim()
  if (!isDecimalAmount(trimmed) || trimmed.startsWith('-')) return undefined
  const fraction = trimmed.split('.')[1] ?? ''
  if (fraction.length > decimals) return undefined
  const units = parseUnits(trimmed, decimals)
  return units > 0n ? units : undefined
}

/**
 * What the swap button says while the swap cannot go yet, or undefined when it can (then it says
 * `Review swap`). `balance` is the pay token's, in base units, when known.
 */
export function swapBlocker(form: {
  from: SwapToken | undefined
  to: SwapToken | undefined
  amount: string
  balance: bigint | undefined
  quoted: boolean
}): string | undefined {
  if (!form.from || !form.to) return SwapText.SELECT_TOKEN
  if (form.amount.trim() === '') return SwapText.ENTER_AMOUNT
  const units = swapAmountUnits(form.amount, form.from.decimals)
  if (units === undefined) return SwapText.INVALID_AMOUNT
  if (form.balance !== undefined && units > form.balance) return `Insufficient ${form.from.symbol} balance`
  if (!form.quoted) return SwapText.NO_QUOTE
  return undefined
}

/** The least that may arrive for `slippagePercent` (0–50, hundredths kept), floored. */
export function minimumReceived(toAmount: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(
    Math.round(Math.min(Math.max(slippagePercent, 0), SWAP_SLIPPAGE_PERCENT.max) * 100),
  )
  return (toAmount * (10_000n - basisPoints)) / 10_000n
}

/**
 * `1 ETH = 2,990.123 USDC`: what one whole pay token brings at this quote, floored; a rate below 1
 * keeps four significant digits (`1 USDC = 0.0003337 ETH`) instead of reading as zero.
 */
export function exchangeRate(
  from: Pick<SwapToken, 'symbol' | 'decimals'>,
  fromAmount: bigint,
  to: Pick<SwapToken, 'symbol' | 'decimals'>,
  toAmount: bigint,
): string {
  if (fromAmount <= 0n) return ''
  const perWhole = (toAmount * 10n ** BigInt(from.decimals)) / fromAmount
  const belowOne = perWhole < 10n ** BigInt(to.decimals)
  const leadingZeros = to.decimals - perWhole.toString().length
  const shown = belowOne ? Math.min(to.decimals, Math.max(3, leadingZeros + 4)) : 3
  return `1 ${from.symbol} = ${formatTokenAmount(perWhole, to.decimals, shown)} ${to.symbol}`
}

/** The tokens matching a search by symbol, name or address, case-insensitively, list order kept. */
export function searchSwapTokens(tokens: readonly SwapToken[], search: string): SwapToken[] {
  const query = search.trim().toLowerCase()
  if (query === '') return [...tokens]
  return tokens.filter(
    (token) =>
      token.symbol.toLowerCase().includes(query) ||
      token.name.toLowerCase().includes(query) ||
      tokenAddressOf(token).toLowerCase() === query,
  )
}
