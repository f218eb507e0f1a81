/** The NFTs tab's state: pages of the account's NFTs from the services, spam never kept (behaviour §5). */
import { createStore, type Store } from '../store.ts'
import { getNfts } from './api.ts'
import type { ServicesClient } from './http-client.ts'
import type { Nft } from './types.ts'

interface NftsState {
  nfts: Nft[]
  loading: boolean
  next: string | undefined
  /** True once the first page has arrived (possibly empty). */
  loaded: boolean
  failed: boolean
}

export interface NftsStore {
  store: Store<NftsState>
  fetchNfts(address: string | undefined): Promise<void>
  reset(): void
}

const initial: NftsState = { nfts: [], loading: false, next: undefined, loaded: false, failed: false }

export function createNftsStore({
  services,
  network,
}: {
  services: ServicesClient
  network: { caipNetworkId: string }
}): NftsStore {
  const store = createStore<NftsState>(initial)
  let generation = 0

  async function fetchNfts(address: string | undefined) {
    const state = store.getState()
    if (!address || state.loading || (state.loaded && !state.next)) return
    const mine = generation
    store.setState({ loading: true, failed: false })
    try {
      const page = await getNfts(services, { address, chainId: network.caipNetworkId, cursor: state.next })
      if (mine !== generation) return
      const fresh = (page.data ?? []).filter((nft) => !nft.isSpam)
      store.setState((current) => ({
        nfts: [...current.nfts, ...fresh],
        loading: false,
        loaded: true,
        next: page.next ?? undefined,
      }))
    } catch {
      if (mine === generation) store.setState({ loading: false, failed: true })
    }
  }

  function reset() {
    generation++
    store.setState(initial)
  }

  return { store, fetchNfts, reset }
}
