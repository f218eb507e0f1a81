import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { ChainData } from '../chain-data/config.ts'
import { askNode } from '../chain-data/node.ts'
import { tokenTrust } from '../chain-data/token-trust.ts'
import type { Tables } from '../db/tables.ts'
import { HttpError } from '../http/errors.ts'
import {
  limitProblem,
  OnrampText,
  type PaymentCurrency,
  type PaymentMethod,
  PROVIDER_IDS,
  PROVIDERS,
  type ProviderId,
} from './catalogue.ts'
import type { OnrampOptions } from './config.ts'
import { toFixedPoint } from './money.ts'
import { PRICE_DECIMALS, quoteAmounts } from './quote.ts'
import { type Quote, storeQuotes } from './repository.ts'

/** How long a quote holds: long enough to type a card number, short enough for the price to hold. */
export const QUOTE_TTL_MS = 10 * 60_000

export interface OnrampContext {
  db: Kysely<Tables>
  chain: ChainData
  options: OnrampOptions
}

/** The providers the operator configured, in the order the options list them. */
export const offeredProviders = (options: OnrampOptions): ProviderId[] =>
  PROVIDER_IDS.filter((id) => options[id] !== undefined)

/** The one currency on sale: the chain's native token, while the price table gives it a price. */
export function nativeOffer(chain: ChainData) {
  const { symbol, name, decimals } = chain.config.nativeCurrency
  const usdPrice = toFixedPoint(tokenTrust(chain.config, undefined).price, PRICE_DECIMALS) ?? 0n
  return usdPrice > 0n ? { symbol, name, decimals, usdPrice } : undefined
}

export interface QuoteRequest {
  projectId: string
  providers: ProviderId[]
  paymentCurrency: PaymentCurrency
  paymentMethod: PaymentMethod
  purchaseCurrency: string
  amountCents: bigint
}

/**
 * One quote per provider asked, stored together: the amount within the method's limits, the
 * provider's fee, a transfer's gas at the chain's price now, and what is left in tokens.
 */
export async function makeQuotes(context: OnrampContext, request: QuoteRequest): Promise<Quote[]> {
  const { chain, options } = context
  const offer = nativeOffer(chain)
  if (!offer || request.purchaseCurrency !== offer.symbol)
    throw new HttpError(400, `body.purchaseCurrency: must be ${offer?.symbol ?? 'a currency on offer'}`)
  const problem = limitProblem(request.amountCents, request.paymentCurrency, request.paymentMethod)
  if (problem) throw new HttpError(400, problem, 'AMOUNT_OUT_OF_LIMITS')
  const gasPrice = await askNode(chain.client.getGasPrice())
  const now = new Date()
  const quotes = request.providers.map((provider): Quote => {
    const amounts = quoteAmounts({
      amountCents: request.amountCents,
      currency: request.paymentCurrency,
      feeBps: PROVIDERS[provider].feeBps,
      gasPrice,
      usdPrice: offer.usdPrice,
      eurPerUsd: options.eurPerUsd,
      decimals: offer.decimals,
    })
    if ('problem' in amounts) throw new HttpError(400, amounts.problem, 'AMOUNT_BELOW_FEES')
    return {
      id: randomUUID(),
      projectId: request.projectId,
      provider,
      paymentCurrency: request.paymentCurrency,
      paymentMethod: request.paymentMethod,
      paymentTotalCents: request.amountCents,
      providerFeeCents: amounts.providerFeeCents,
      networkFeeCents: amounts.networkFeeCents,
      purchaseCurrency: offer.symbol,
      purchaseDecimals: offer.decimals,
      purchaseUnits: amounts.purchaseUnits,
      network: chain.caipNetworkId,
      expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
    }
  })
  await storeQuotes(context.db, quotes, now)
  return quotes
}

/** A provider the caller named, or a 400 when the operator did not configure it. */
export function requireOffered(options: OnrampOptions, provider: ProviderId): ProviderId {
  if (!options[provider])
    throw new HttpError(400, OnrampText.PROVIDER_NOT_CONFIGURED, 'PROVIDER_NOT_CONFIGURED')
  return provider
}
