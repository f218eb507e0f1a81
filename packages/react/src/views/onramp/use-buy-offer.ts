import { getOnrampOffer, type OnrampOffer, type ServicesClient } from '@portico/core/internal'
import { useEffect, useState } from 'react'

export type BuyOfferState =
  | { kind: 'loading' }
  | { kind: 'ready'; offer: OnrampOffer }
  | { kind: 'failed'; reason: string }

const UNAVAILABLE = 'Buying is unavailable right now. Try again in a moment.'
const NOTHING_ON_SALE = 'Nothing can be bought on this network.'

/** What the services sell and on what terms, asked once per view. */
export function useBuyOffer(services: ServicesClient): BuyOfferState {
  const [state, setState] = useState<BuyOfferState>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    getOnrampOffer(services).then(
      (offer) => {
        if (!live) return
        const empty = offer.purchaseCurrencies.length === 0 || offer.providers.length === 0
        setState(empty ? { kind: 'failed', reason: NOTHING_ON_SALE } : { kind: 'ready', offer })
      },
      () => live && setState({ kind: 'failed', reason: UNAVAILABLE }),
    )
    return () => {
      live = false
    }
  }, [services])
  return state
}
