/**
 * Everything the account modal reads about the connected address — portfolio, activity, NFTs —
 * as stores with named transitions. Follows the connected account: another address (or none)
 * clears what was shown, so one account's data never appears under another.
 */
import type { Analytics } from '../analytics/client.ts'
import type { KeyValueStorage } from '../storage.ts'
import type { Store } from '../store.ts'
import { systemTimers, type Timers } from '../stores/modal.ts'
import type { ToastStore } from '../stores/toast.ts'
import { type BalancesStore, createBalancesStore } from './balances-store.ts'
import type { ServicesClient } from './http-client.ts'
import { createNftsStore, type NftsStore } from './nfts-store.ts'
import { createTransactionsStore, type TransactionsStore } from './transactions-store.ts'
import type { RequestProvider } from './wallet-assets.ts'

/**
 * How often the open Activity tab asks for the newest page: a transfer made elsewhere must show
 * within 5 s, and the indexer and the query need part of that. One small query a second
 * per open tab, and none while the page is hidden.
 */
const ACTIVITY_REFRESH_MS = 1_000

/** A send waits at most AFTER_SEND_ATTEMPTS × AFTER_SEND_INTERVAL_MS for the services to have indexed it. */
const AFTER_SEND_ATTEMPTS = 10
const AFTER_SEND_INTERVAL_MS = 1_000

export interface AccountDataParameters {
  /** The page's shared services client. */
  services: ServicesClient
  storage: KeyValueStorage
  toast: ToastStore
  network: { id: number; caipNetworkId: string }
  /** Only read and watched; any store whose state has the address fits. */
  account: Pick<Store<{ address: string | undefined }>, 'getState' | 'subscribe'>
  walletProvider?: (() => Promise<RequestProvider | undefined>) | undefined
  /** The page's analytics (`createPortico`'s, which loads its client at the first event). */
  analytics: Analytics
  /** `features.onramp`: on-ramp purchases show in Activity. */
  onramp?: boolean | undefined
  timers?: Timers | undefined
  now?: (() => number) | undefined
}

export interface AccountData {
  services: ServicesClient
  balances: BalancesStore
  transactions: TransactionsStore
  nfts: NftsStore
  /** Error and track events, e.g. SEND_SUCCESS after a send. */
  analytics: Analytics
  /** Refreshes the newest activity every ACTIVITY_REFRESH_MS while the Activity tab is open; returns the stop. */
  watchActivity(): () => void
  /** After a send: the new transaction on top of Activity, then fresh balances from the services. */
  refreshAfterSend(hash: string): Promise<void>
}

export function createAccountData({
  services,
  storage,
  toast,
  network,
  account,
  walletProvider,
  analytics,
  onramp,
  timers = systemTimers,
  now,
}: AccountDataParameters): AccountData {
  const balances = createBalancesStore({ services, storage, toast, network, walletProvider, now })
  const transactions = createTransactionsStore({ services, toast, network, analytics, onramp })
  const nfts = createNftsStore({ services, network })
  const address = () => account.getState().address

  account.subscribe((next, previous) => {
    if (next.address?.toLowerCase() === previous.address?.toLowerCase()) return
    balances.reset()
    transactions.reset()
    nfts.reset()
  })

  function watchActivity() {
    let stopped = false
    let handle: unknown
    const tick = async () => {
      const current = address()
      // A failed refresh leaves the list as it was; the next tick simply tries again.
      const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden'
      if (current && !hidden)
        await Promise.all([
          transactions.refreshLatest(current).catch(() => undefined),
          transactions.refreshPurchases(current),
        ])
      if (!stopped) handle = timers.setTimeout(tick, ACTIVITY_REFRESH_MS)
    }
    handle = timers.setTimeout(tick, ACTIVITY_REFRESH_MS)
    return () => {
      stopped = true
      timers.clearTimeout(handle)
    }
  }

  /**
   * Token balances come from the services' index, which sees a mined transfer a moment later than
   * the wallet. So the newest activity is asked for until the sent transaction is in it (at most
   * AFTER_SEND_ATTEMPTS times), and only then are the balances fetched fresh.
   */
  async function refreshAfterSend(hash: string) {
    const current = address()
    if (!current) return
    for (let attempt = 0; attempt < AFTER_SEND_ATTEMPTS; attempt++) {
      await transactions.refreshLatest(current).catch(() => undefined)
      if (
        transactions.store.getState().transactions.some((t) => t.hash?.toLowerCase() === hash.toLowerCase())
      )
        break
      await new Promise<void>((resolve) => timers.setTimeout(resolve, AFTER_SEND_INTERVAL_MS))
    }
    await balances.fetchBalances(current, { force: true })
  }

  return { services, balances, transactions, nfts, analytics, watchActivity, refreshAfterSend }
}
