import {
  type ServicesClient,
  type SwapFee,
  type SwapState,
  swapAmountUnits,
  swapNetworkFee,
} from '@portico/core/internal'
import { useEffect, useState } from 'react'

/**
 * The network fee shown in the review: asked for when the review opens; undefined while asked for,
 * null when the services could not estimate it (the wallet then says the fee itself).
 */
export function useSwapFee({
  state,
  services,
  address,
  chainId,
}: {
  state: SwapState
  services: ServicesClient
  address: string | undefined
  chainId: string
}): SwapFee | null | undefined {
  const [fee, setFee] = useState<SwapFee | null | undefined>(undefined)
  const { from, to, amount, slippage, step, quote } = state
  useEffect(() => {
    setFee(undefined)
    const units = from ? swapAmountUnits(amount, from.decimals) : undefined
    if (step !== 'review' || !from || !to || !quote || units === undefined || !address) return
    let live = true
    swapNetworkFee(services, { address, from, to, units, slippage, chainId }).then(
      (found) => live && setFee(found),
      () => live && setFee(null),
    )
    return () => {
      live = false
    }
  }, [services, address, chainId, from, to, amount, slippage, step, quote])
  return fee
}
