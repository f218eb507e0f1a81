import { type KeyValueStorage, readJson, StorageKey } from '../storage.ts'
import { createStore, type Store } from '../store.ts'
import { addRecentWallet, type RecentWallet } from '../wallets.ts'

export interface RecentWallets {
  store: Store<{ wallets: RecentWallet[] }>
  /** Puts the wallet first in the list and in storage. */
  remember(wallet: RecentWallet): void
}

/** The wallets connected last on this device, kept in storage; the Connect view shows them as "recent" (behaviour §2). */
export function createRecentWallets(storage: KeyValueStorage): RecentWallets {
  const store = createStore({ wallets: readJson<RecentWallet[]>(storage, StorageKey.recentWallets) ?? [] })
  return {
    store,
    remember(wallet) {
      const wallets = addRecentWallet(store.getState().wallets, wallet)
      store.setState({ wallets })
      storage.setItem(StorageKey.recentWallets, JSON.stringify(wallets))
    },
  }
}
