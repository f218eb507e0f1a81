import {
  DEBOUNCE_MS,
  getSwapQuote,
  type ServicesClient,
  type SwapState,
  type SwapStore,
  swapAmountUnits,
} from '@portico/core/internal'
import { useEffect } from 'react'

/**
 * Asks for a quote once the visitor pauses (behaviour §9 debounce) on an amount and two tokens;
 * an answer for anything but the form as it stands is dropped.
 */
export function useSwapQuote({
  swap,
  state,
  services,
  address,
}: {
  swap: SwapStore
  state: SwapState
  services: ServicesClient
  address: string | undefined
}) {
  const { from, to, amount, phase } = state
  useEffect(() => {
    const units = from ? swapAmountUnits(amount, from.decimals) : undefined
    if (!from || !to || units === undefined || !address || phase !== 'idle') return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      getSwapQuote(
        services,
        { amount: units, userAddress: address, from: from.address, to: to.address },
        abort.signal,
      ).then(
        (quote) => !abort.signal.aborted && swap.setQuote(quote),
        () => !abort.signal.aborted && swap.setQuote(null),
      )
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [swap, from, to, amount, phase, services, address])
}
