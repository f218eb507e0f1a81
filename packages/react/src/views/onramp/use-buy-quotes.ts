import {
  type BuyState,
  type BuyStore,
  buyAmountProblem,
  DEBOUNCE_MS,
  getOnrampQuotes,
  type OnrampLimits,
  type ServicesClient,
} from '@portico/core/internal'
import { useEffect } from 'react'

/**
 * Asks every provider for a quote once the visitor pauses (behaviour §9 debounce) on an amount
 * within the limits; an answer for anything but the form as it stands is dropped.
 */
export function useBuyQuotes({
  buy,
  state,
  services,
  limits,
}: {
  buy: BuyStore
  state: BuyState
  services: ServicesClient
  limits: OnrampLimits | undefined
}) {
  const { amount, currency, method, token, progress } = state
  useEffect(() => {
    if (!token || !limits || progress || amount.trim() === '') return
    if (buyAmountProblem(amount, currency, limits)) return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      getOnrampQuotes(
        services,
        { amount: amount.trim(), paymentCurrency: currency, paymentMethod: method, purchaseCurrency: token },
        abort.signal,
      ).then(
        (quotes) => !abort.signal.aborted && buy.setQuotes(quotes),
        (error: unknown) => {
          if (abort.signal.aborted) return
          const reason = (error as { reason?: unknown }).reason
          buy.setQuotes(null, typeof reason === 'string' ? reason : undefined)
        },
      )
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [buy, amount, currency, method, token, progress, services, limits])
}
