import { z } from 'zod'
import { formatCents, formatUnitsDown } from './money.ts'
import type { Purchase, Quote, Terms } from './repository.ts'

/**
 * What the on-ramp routes answer. Options and quotes keep AppKit's shapes (Coinbase's
 * `payment_method_limits`, `{ amount, currency }` money) with a few fields of ours beside them.
 */

const Money = z.object({ amount: z.string(), currency: z.string() })

export const OptionsAnswer = z.object({
  paymentCurrencies: z.array(
    z.object({
      id: z.string(),
      payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
    }),
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.object({
          name: z.string(),
          display_name: z.string(),
          chain_id: z.string(),
          contract_address: z.string(),
        }),
      ),
    }),
  ),
  providers: z.array(
    z.object({ id: z.string(), name: z.string(), feePercent: z.string(), namespaces: z.array(z.string()) }),
  ),
})

const QuoteAnswer = z.object({
  quoteId: z.string(),
  provider: z.string(),
  paymentMethod: z.string(),
  network: z.string(),
  expiresAt: z.string(),
  paymentTotal: Money,
  paymentSubtotal: Money,
  providerFee: Money,
  networkFee: Money,
  purchaseAmount: Money,
})
export const QuotesAnswer = z.object({ quotes: z.array(QuoteAnswer) })

export const UrlAnswer = z.object({ url: z.string(), purchaseId: z.string().optional() })

export const PurchaseAnswer = z.object({
  id: z.string(),
  provider: z.string(),
  status: z.enum(['created', 'pending', 'paid', 'failed', 'expired']),
  address: z.string(),
  network: z.string(),
  paymentTotal: Money,
  purchaseAmount: Money,
  txHash: z.string().nullable(),
  failureReason: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const PurchasesAnswer = z.object({ purchases: z.array(PurchaseAnswer) })

const fiat = (cents: bigint, terms: Terms) => ({
  amount: formatCents(cents),
  currency: terms.paymentCurrency,
})
const tokens = (terms: Terms) => ({
  amount: formatUnitsDown(terms.purchaseUnits, terms.purchaseDecimals),
  currency: terms.purchaseCurrency,
})

export function quoteAnswer(quote: Quote): z.input<typeof QuoteAnswer> {
  return {
    quoteId: quote.id,
    provider: quote.provider,
    paymentMethod: quote.paymentMethod,
    network: quote.network,
    expiresAt: quote.expiresAt.toISOString(),
    paymentTotal: fiat(quote.paymentTotalCents, quote),
    paymentSubtotal: fiat(quote.paymentTotalCents - quote.providerFeeCents - quote.networkFeeCents, quote),
    providerFee: fiat(quote.providerFeeCents, quote),
    networkFee: fiat(quote.networkFeeCents, quote),
    purchaseAmount: tokens(quote),
  }
}

/** A checkout nobody paid before it expired reads `expired`; every other status is as stored. */
export function purchaseAnswer(purchase: Purchase, now: number): z.input<typeof PurchaseAnswer> {
  const expired = purchase.status === 'created' && purchase.expiresAt.getTime() <= now
  return {
    id: purchase.id,
    provider: purchase.provider,
    status: expired ? 'expired' : purchase.status,
    address: purchase.address,
    network: purchase.network,
    paymentTotal: fiat(purchase.paymentTotalCents, purchase),
    purchaseAmount: tokens(purchase),
    txHash: purchase.txHash,
    failureReason: purchase.failureReason,
    expiresAt: purchase.expiresAt.toISOString(),
    createdAt: purchase.createdAt.toISOString(),
    updatedAt: purchase.updatedAt.toISOString(),
  }
}
