import type { Portico } from '@portico/core'
import { type ServicesClient, type SwapToken, swapTokensOf } from '@portico/core/internal'
import { useEffect, useState } from 'react'

export type SwapTokensState =
  | { kind: 'loading' }
  | { kind: 'ready'; tokens: SwapToken[] }
  | { kind: 'failed'; reason: string }

/** The tokens the services swap on this network, asked once per view. */
export function useSwapTokens(portico: Portico, services: ServicesClient): SwapTokensState {
  const [state, setState] = useState<SwapTokensState>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    swapTokensOf(services, portico.network.caipNetworkId).then(
      (tokens) => live && setState({ kind: 'ready', tokens }),
      (reason: string) => live && setState({ kind: 'failed', reason }),
    )
    return () => {
      live = false
    }
  }, [portico, services])
  return state
}
