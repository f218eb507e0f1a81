import { OnrampText, type PaymentCurrency } from './catalogue.ts'
import { ceilDiv } from './money.ts'

/** Gas of a plain native transfer: what delivering the purchase costs on the chain. */
const TRANSFER_GAS = 21_000n

/** Prices and rates as fixed-point integers: USD per whole token and EUR per USD. */
export const PRICE_DECIMALS = 8
export const RATE_DECIMALS = 6
// Fiat per token = USD price (8 decimals) × EUR rate (6 decimals): 14 decimals, kept unrounded.
const FIAT_PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS + RATE_DECIMALS)
const CENTS = 100n

export interface QuoteInput {
  amountCents: bigint
  currency: PaymentCurrency
  feeBps: bigint
  /** Wei per gas the chain asks now. */
  gasPrice: bigint
  /** USD per whole token, PRICE_DECIMALS decimals; positive. */
  usdPrice: bigint
  /** EUR per USD, RATE_DECIMALS decimals; positive. */
  eurPerUsd: bigint
  /** The purchased token's decimals (18 for ETH). */
  decimals: number
}

export interface QuoteAmounts {
  providerFeeCents: bigint
  networkFeeCents: bigint
  /** What buys the tokens: the amount less both fees. */
  subtotalCents: bigint
  /** Base units of the token bought, rounded down. */
  purchaseUnits: bigint
}

/**
 * A quote's arithmetic, exact in integers: the provider's fee and the network fee (a transfer's
 * gas at the current price, in fiat) are rounded up to the cent, what is left buys tokens at the
 * price, rounded down to the base unit — never more than was paid for.
 */
export function quoteAmounts(input: QuoteInput): QuoteAmounts | { problem: string } {
  const fiatPrice =
    input.currency === 'USD'
      ? input.usdPrice * 10n ** BigInt(RATE_DECIMALS)
      : input.usdPrice * input.eurPerUsd
  const unitsPerToken = 10n ** BigInt(input.decimals)
  const providerFeeCents = ceilDiv(input.amountCents * input.feeBps, 10_000n)
  // cents = wei / 10^decimals × fiatPrice / 10^14 × 100
  const networkFeeCents = ceilDiv(
    input.gasPrice * TRANSFER_GAS * fiatPrice * CENTS,
    unitsPerToken * FIAT_PRICE_SCALE,
  )
  const subtotalCents = input.amountCents - providerFeeCents - networkFeeCents
  if (subtotalCents <= 0n) return { problem: OnrampText.BELOW_FEES }
  // units = cents / 100 / (fiatPrice / 10^14) × 10^decimals
  const purchaseUnits = (subtotalCents * FIAT_PRICE_SCALE * unitsPerToken) / (fiatPrice * CENTS)
  return { providerFeeCents, networkFeeCents, subtotalCents, purchaseUnits }
}
