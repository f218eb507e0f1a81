/**
 * The buy form's rules (behaviour §9 on-ramp limits), framework-free: the fiat amount
 * in whole cents, the limits of the payment method chosen, and which quote gives the most.
 */

export type PaymentMethod = 'card' | 'bank'

/** A fiat or token amount as the services write it: a decimal string and its currency. */
export interface Money {
  amount: string
  currency: string
}

export interface OnrampLimits {
  method: PaymentMethod
  /** Inclusive, in cents. */
  min: bigint
  max: bigint
}

export interface OnrampOffer {
  paymentCurrencies: { id: string; limits: OnrampLimits[] }[]
  /** What can be bought: for now the chain's native token. */
  purchaseCurrencies: { symbol: string; name: string }[]
  providers: { id: string; name: string; feePercent: string }[]
}

export interface OnrampQuote {
  quoteId: string
  provider: string
  paymentMethod: string
  expiresAt: string
  paymentTotal: Money
  providerFee: Money
  networkFee: Money
  purchaseAmount: Money
}

export type PurchaseStatus = 'created' | 'pending' | 'paid' | 'failed' | 'expired'

export interface OnrampPurchase {
  id: string
  provider: string
  status: PurchaseStatus
  purchaseAmount: Money
  paymentTotal: Money
  txHash: string | null
  failureReason: string | null
  createdAt: string
  updatedAt: string
}

const FIAT = /^\d{1,9}(\.\d{0,2})?$/

/** `50`, `50.5`, `50.50` → cents; anything else (more than 2 decimals, signs, letters) → undefined. */
export function fiatCents(text: string): bigint | undefined {
  const trimmed = text.trim()
  if (!FIAT.test(trimmed)) return undefined
  const [whole = '0', fraction = ''] = trimmed.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** 1050n → `10.50` */
export function formatCents(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
}

export const METHOD_WORDS: Record<PaymentMethod, string> = { card: 'card', bank: 'bank transfer' }

/**
 * Why the amount cannot be bought, in the services' words; undefined when it can or while the
 * field is empty (an empty field is no mistake yet).
 */
export function buyAmountProblem(
  text: string,
  currency: string,
  limits: OnrampLimits | undefined,
): string | undefined {
  if (text.trim() === '') return undefined
  const cents = fiatCents(text)
  if (cents === undefined) return 'Invalid amount'
  if (!limits || (cents >= limits.min && cents <= limits.max)) return undefined
  return `Amount must be between ${formatCents(limits.min)} and ${formatCents(limits.max)} ${currency} for ${limits.method}`
}

/** The quotes, the one that buys the most first (a tie keeps the services' order). */
export function rankQuotes(quotes: readonly OnrampQuote[]): OnrampQuote[] {
  return [...quotes].sort((a, b) => Number(b.purchaseAmount.amount) - Number(a.purchaseAmount.amount))
}

/** Whether the purchase has ended, well or not: nothing more will change. */
export const purchaseEnded = (status: PurchaseStatus) =>
  status === 'paid' || status === 'failed' || status === 'expired'

/** `0.032673000000000000` → `0.032673`: a decimal without the zeros that say nothing. */
export const trimAmount = (amount: string) => (amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount)
