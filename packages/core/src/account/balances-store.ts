/**
 * The portfolio (behaviour §3, §9): token balances of the connected address, cached for 30 s per
 * address in the portfolio cache, and not fetched again for 30 s after a failure (the retry
 * guard) so a broken service is not hammered; a failure shows `Token Balance Unavailable`.
 */
import { BALANCE_LOAD_TIMEOUT_MS, BALANCE_RETRY_GUARD_MS, CACHE_EXPIRY_MS } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { type KeyValueStorage, readCache, StorageKey, writeCache } from '../storage.ts'
import { createStore, type Store } from '../store.ts'
import { systemTimers, type Timers } from '../stores/modal.ts'
import type { ToastStore } from '../stores/toast.ts'
import { getBalances } from './api.ts'
import type { ServicesClient } from './http-client.ts'
import type { Balance } from './types.ts'
import { fetchWalletAssets, type RequestProvider } from './wallet-assets.ts'

interface BalancesState {
  address: string | undefined
  balances: Balance[]
  loading: boolean
  /** The last fetch failed: the list is unknown, not empty (the view says so and offers Retry). */
  failed: boolean
  /** When the last fetch failed; no new fetch is tried until the guard has passed. */
  lastRetry: number | undefined
}

export interface BalancesStoreParameters {
  services: ServicesClient
  storage: KeyValueStorage
  toast: ToastStore
  network: { id: number; caipNetworkId: string }
  /** The connected wallet's provider, asked first for its own asset discovery. */
  walletProvider?: (() => Promise<RequestProvider | undefined>) | undefined
  now?: (() => number) | undefined
  timers?: Timers | undefined
  /** `BALANCE_LOAD_TIMEOUT_MS` by default; tests make it short. */
  loadTimeoutMs?: number | undefined
}

export interface BalancesStore {
  store: Store<BalancesState>
  /** `force` skips the cache and the retry guard and asks the services for fresh data. */
  fetchBalances(address: string | undefined, options?: { force?: boolean }): Promise<void>
  reset(): void
}

const initial: BalancesState = {
  address: undefined,
  balances: [],
  loading: false,
  failed: false,
  lastRetry: undefined,
}

export function createBalancesStore({
  services,
  storage,
  toast,
  network,
  walletProvider,
  now = Date.now,
  timers = systemTimers,
  loadTimeoutMs = BALANCE_LOAD_TIMEOUT_MS,
}: BalancesStoreParameters): BalancesStore {
  const store = createStore<BalancesState>(initial)
  let request = 0

  async function load(address: string, force: boolean): Promise<Balance[]> {
    const fromWallet = await fetchWalletAssets({
      provider: await walletProvider?.().catch(() => undefined),
      address,
      chainId: network.id,
    })
    if (fromWallet) return fromWallet
    return getBalances(services, { address, chainId: network.caipNetworkId, forceUpdate: force })
  }

  async function fetchBalances(address: string | undefined, { force = false } = {}) {
    if (!address) {
      reset()
      return
    }
    const state = store.getState()
    const sameAddress = state.address?.toLowerCase() === address.toLowerCase()
    if (!force) {
      const cached = readCache<Balance[]>(
        storage,
        StorageKey.portfolioCache,
        address,
        CACHE_EXPIRY_MS.portfolio,
        now(),
      )
      if (Array.isArray(cached)) {
        store.setState({ address, balances: cached, loading: false, failed: false })
        return
      }
      if (sameAddress && state.lastRetry !== undefined && now() - state.lastRetry < BALANCE_RETRY_GUARD_MS)
        return
    }
    const id = ++request
    store.setState({ address, loading: true, failed: false, balances: sameAddress ? state.balances : [] })
    try {
      const balances = await withinTime(load(address, force))
      writeCache(storage, StorageKey.portfolioCache, address, balances, now())
      if (id === request) store.setState({ balances, loading: false, failed: false, lastRetry: undefined })
    } catch {
      if (id !== request) return
      store.setState({ loading: false, failed: true, lastRetry: now() })
      toast.showError(ErrorText.TOKEN_BALANCE_UNAVAILABLE)
    }
  }

  // Neither the wallet nor the services answering (a stalled chain) is a failure, not a long wait.
  function withinTime<T>(work: Promise<T>): Promise<T> {
    let timer: unknown
    const late = new Promise<never>((_, reject) => {
      timer = timers.setTimeout(() => reject(new Error('The balances did not arrive in time')), loadTimeoutMs)
    })
    return Promise.race([work, late]).finally(() => timers.clearTimeout(timer))
  }

  function reset() {
    request++
    store.setState(initial)
  }

  return { store, fetchBalances, reset }
}
