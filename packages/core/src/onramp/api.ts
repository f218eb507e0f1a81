/**
 * The on-ramp routes of the services (behaviour §7 onramp url and quote, §3 on-ramp options), one
 * typed function per call; loaded with the buy view.
 */
import type { ServicesClient } from '../account/http-client.ts'
import type { OnrampLimits, OnrampOffer, OnrampPurchase, OnrampQuote, PaymentMethod } from './onramp.ts'
import { fiatCents } from './onramp.ts'

interface OptionsAnswer {
  paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
  purchaseCurrencies: { symbol: string; name: string }[]
  providers: { id: string; name: string; feePercent: string }[]
}

const isMethod = (id: string): id is PaymentMethod => id === 'card' || id === 'bank'

export async function getOnrampOffer(client: ServicesClient): Promise<OnrampOffer> {
  const answer = await client.get<OptionsAnswer>({ path: '/v1/onramp/options' })
  return {
    paymentCurrencies: answer.paymentCurrencies.map(({ id, payment_method_limits }) => ({
      id,
      limits: payment_method_limits.flatMap((limit): OnrampLimits[] => {
        const min = fiatCents(limit.min)
        const max = fiatCents(limit.max)
        return isMethod(limit.id) && min !== undefined && max !== undefined
          ? [{ method: limit.id, min, max }]
          : []
      }),
    })),
    purchaseCurrencies: answer.purchaseCurrencies.map(({ symbol, name }) => ({ symbol, name })),
    providers: answer.providers,
  }
}

/** One quote per provider the operator offers. */
export async function getOnrampQuotes(
  client: ServicesClient,
  body: { paymentCurrency: string; paymentMethod: PaymentMethod; purchaseCurrency: string; amount: string },
  signal?: AbortSignal,
): Promise<OnrampQuote[]> {
  const answer = await client.post<{ quotes: OnrampQuote[] }>({ path: '/v1/onramp/quote', body, signal })
  return answer.quotes
}

/** The provider's checkout for a quote; `purchaseId` when the services can follow the purchase. */
export function createOnrampCheckout(
  client: ServicesClient,
  body: { provider: string; quoteId: string; address: string },
): Promise<{ url: string; purchaseId?: string | undefined }> {
  return client.post({ path: '/v1/onramp/url', body })
}

export function getOnrampPurchase(
  client: ServicesClient,
  id: string,
  signal?: AbortSignal,
): Promise<OnrampPurchase> {
  return client.get({ path: `/v1/onramp/purchases/${encodeURIComponent(id)}`, signal })
}

/** The address's purchases, newest first: the on-ramp part of Activity. */
export async function getOnrampPurchases(client: ServicesClient, address: string): Promise<OnrampPurchase[]> {
  const answer = await client.get<{ purchases: OnrampPurchase[] }>({
    path: '/v1/onramp/purchases',
    query: { address },
  })
  return answer.purchases
}
