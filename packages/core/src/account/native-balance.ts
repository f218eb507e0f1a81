/**
 * The native balance of the connected address, read from the chain through wagmi and kept in the
 * native balance cache for 30 s per address (behaviour §3 "Local caches"). Unlike the portfolio
 * (`balances-store.ts`) it is in the first download: the connect button shows it.
 */
import { type Config, getClient } from '@wagmi/core'
import { type Chain, hexToBigInt } from 'viem'
import { CACHE_EXPIRY_MS } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { type KeyValueStorage, readCache, StorageKey, writeCache } from '../storage.ts'
import { createStore, type Store } from '../store.ts'
import type { ToastStore } from '../stores/toast.ts'

export interface BalanceSnapshot {
  value: bigint | undefined
  decimals: number
  symbol: string
  loading: boolean
}

export interface NativeBalanceParameters {
  wagmiConfig: Config
  chain: Chain
  storage: KeyValueStorage
  toast: ToastStore
  account: Pick<
    Store<{ address: `0x${string}` | undefined; chainId: number | undefined }>,
    'getState' | 'subscribe'
  >
}

export interface NativeBalance {
  store: Store<BalanceSnapshot>
  /** `force` skips the cache, e.g. right after a send. */
  refresh(options?: { force?: boolean }): Promise<void>
  /** Refreshes on every change of address or chain; returns the stop. */
  watch(): () => void
}

export function createNativeBalance({
  wagmiConfig,
  chain,
  storage,
  toast,
  account,
}: NativeBalanceParameters): NativeBalance {
  const store = createStore<BalanceSnapshot>({
    value: undefined,
    decimals: chain.nativeCurrency.decimals,
    symbol: chain.nativeCurrency.symbol,
    loading: false,
  })

  async function refresh({ force = false } = {}) {
    const { address } = account.getState()
    if (!address) {
      store.setState({ value: undefined, loading: false })
      return
    }
    const cached = force
      ? undefined
      : readCache<string>(storage, StorageKey.nativeBalanceCache, address, CACHE_EXPIRY_MS.nativeBalance)
    if (cached !== undefined) {
      store.setState({ value: BigInt(cached), loading: false })
      return
    }
    store.setState({ loading: true })
    try {
      // The one JSON-RPC call, not wagmi's `getBalance` (which also reads ERC-20 balances through
      // multicall) nor viem's `viem/actions` barrel: their ABI and contract code would weigh on
      // every page's first download.
      const client = getClient(wagmiConfig, { chainId: chain.id })
      if (!client) throw new Error(`No client for chain ${chain.id}`)
      const value = hexToBigInt(
        await client.request({ method: 'eth_getBalance', params: [address, 'latest'] }),
      )
      writeCache(storage, StorageKey.nativeBalanceCache, address, value.toString())
      if (account.getState().address === address) store.setState({ value, loading: false })
    } catch {
      store.setState({ loading: false })
      toast.showError(ErrorText.TOKEN_BALANCE_UNAVAILABLE)
    }
  }

  function watch() {
    return account.subscribe((next, previous) => {
      if (next.address !== previous.address || next.chainId !== previous.chainId) void refresh()
    })
  }

  return { store, refresh, watch }
}
