import { formatCents } from './money.ts'

/**
 * What the on-ramp sells and on what terms: the fiat currencies and payment methods
 * with their limits, and the providers with their fees. The limits are the ones AppKit falls back
 * to when a provider gives none; both currencies share them.
 */

export const PAYMENT_CURRENCIES = ['USD', 'EUR'] as const
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number]

export const PAYMENT_METHODS = ['card', 'bank'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Inclusive, in cents. */
const LIMITS: Record<PaymentMethod, { min: bigint; max: bigint }> = {
  card: { min: 10_00n, max: 7_500_00n },
  bank: { min: 10_00n, max: 25_000_00n },
}

export const PROVIDER_IDS = ['coinbase', 'meld', 'sandbox'] as const
export type ProviderId = (typeof PROVIDER_IDS)[number]

interface Provider {
  name: string
  /** The provider's fee in basis points of the amount paid, rounded up to the cent. */
  feeBps: bigint
  /** CAIP-2 namespaces the provider delivers to. */
  namespaces: readonly string[]
}

export const PROVIDERS: Record<ProviderId, Provider> = {
  coinbase: { name: 'Coinbase', feeBps: 150n, namespaces: ['eip155'] },
  meld: { name: 'Meld', feeBps: 200n, namespaces: ['eip155', 'solana'] },
  sandbox: { name: 'Sandbox (test card)', feeBps: 100n, namespaces: ['eip155'] },
}

/** 150n → "1.5" */
export const feePercent = (feeBps: bigint): string => formatCents(feeBps).replace(/\.?0+$/, '')

/** The limits of one currency, as the options answer lists them. */
export const methodLimits = () =>
  PAYMENT_METHODS.map((id) => ({ id, min: formatCents(LIMITS[id].min), max: formatCents(LIMITS[id].max) }))

/** Why `cents` may not be paid in `currency` by `method`; undefined when it may. */
export function limitProblem(
  cents: bigint,
  currency: PaymentCurrency,
  method: PaymentMethod,
): string | undefined {
  const { min, max } = LIMITS[method]
  if (cents >= min && cents <= max) return undefined
  return OnrampText.outOfLimits(formatCents(min), formatCents(max), currency, method)
}

/** What callers are told; the modal tells them apart by the error code beside each. */
export const OnrampText = {
  outOfLimits: (min: string, max: string, currency: string, method: string) =>
    `Amount must be between ${min} and ${max} ${currency} for ${method}`,
  BELOW_FEES: 'Amount does not cover the fees: choose a larger amount',
  PROVIDER_NOT_CONFIGURED: 'Provider not configured',
  QUOTE_NOT_FOUND: 'Quote not found',
  QUOTE_EXPIRED: 'This quote has expired: ask for a new one',
  PURCHASE_NOT_FOUND: 'Purchase not found',
} as const
