/**
 * The transactions state of behaviour §3/§4: loading → loaded (appends, sets the next cursor, empty when
 * there is nothing) or failed (`Failed to fetch transactions` toast and an ERROR_FETCH_TRANSACTIONS
 * error event, empty, cursor cleared).
 * Transactions of other chains and all-spam transactions are dropped as they arrive (behaviour §5).
 */
import type { Analytics } from '../analytics/client.ts'
import { AnalyticsEventName } from '../analytics/names.ts'
import { ErrorText, PorticoError } from '../errors.ts'
import { getOnrampPurchases } from '../onramp/api.ts'
import { purchaseTransaction } from '../onramp/purchase-activity.ts'
import { createStore, type Store } from '../store.ts'
import type { ToastStore } from '../stores/toast.ts'
import { filterTransactions, groupTransactions, type TransactionsByYear } from './activity.ts'
import { getTransactions } from './api.ts'
import type { ServicesClient } from './http-client.ts'
import type { Transaction } from './types.ts'

interface TransactionsState {
  transactions: Transaction[]
  transactionsByYear: TransactionsByYear
  /** The on-ramp purchases (behaviour §3), as `buy` transactions; Activity shows them among the rest. */
  coinbaseTransactions: TransactionsByYear
  loading: boolean
  empty: boolean
  /** The last fetch failed: the list is unknown, not empty (the view says so and offers Retry). */
  failed: boolean
  next: string | undefined
  /** From when ETH transfers are shown, when the services cannot show earlier ones (ISO 8601). */
  nativeHistoryFrom: string | undefined
  /** The network the list was fetched for; another network in view starts a fresh list. */
  lastNetworkInView: string | undefined
}

export interface TransactionsStore {
  store: Store<TransactionsState>
  /** Fetches the next page (the first when there is no cursor yet). */
  fetchTransactions(accountAddress: string | undefined): Promise<void>
  /** Fetches the first page again and puts what is new on top, e.g. after a send. */
  refreshLatest(accountAddress: string | undefined): Promise<void>
  /** Asks for the address's on-ramp purchases again, when the on-ramp is on; a failure keeps the last. */
  refreshPurchases(accountAddress: string): Promise<void>
  reset(): void
}

const initial: TransactionsState = {
  transactions: [],
  transactionsByYear: {},
  coinbaseTransactions: {},
  loading: false,
  empty: false,
  failed: false,
  next: undefined,
  nativeHistoryFrom: undefined,
  lastNetworkInView: undefined,
}

export function createTransactionsStore({
  services,
  toast,
  network,
  analytics,
  onramp = false,
}: {
  services: ServicesClient
  toast: ToastStore
  network: { caipNetworkId: string }
  analytics: Pick<Analytics, 'trackError'>
  /** The on-ramp is on (`features.onramp`): its purchases belong in the list. */
  onramp?: boolean | undefined
}): TransactionsStore {
  const store = createStore<TransactionsState>(initial)
  // Bumped by reset so an answer for a previous account is dropped instead of mixed in.
  let generation = 0
  // Set once a page arrives without a cursor: the list is complete until the next reset.
  let exhausted = false

  async function fetchTransactions(accountAddress: string | undefined) {
    if (!accountAddress) throw new PorticoError(ErrorText.TRANSACTIONS_NEED_ADDRESS)
    if (store.getState().lastNetworkInView !== network.caipNetworkId) {
      reset()
      store.setState({ lastNetworkInView: network.caipNetworkId })
    }
    const state = store.getState()
    if (state.loading || exhausted) return
    const mine = generation
    store.setState({ loading: true, failed: false })
    try {
      const page = await getTransactions(services, {
        address: accountAddress,
        chainId: network.caipNetworkId,
        cursor: state.next,
      })
      if (mine !== generation) return
      const visible = filterTransactions(page.data ?? [], network.caipNetworkId)
      exhausted = !page.next
      store.setState((current) => {
        const known = new Set(current.transactions.map((transaction) => transaction.id))
        const transactions = [...current.transactions, ...visible.filter((t) => !known.has(t.id))]
        return {
          transactions,
          transactionsByYear: groupTransactions(current.transactionsByYear, visible),
          loading: false,
          empty: transactions.length === 0 && !page.next,
          next: page.next ?? undefined,
          nativeHistoryFrom: page.nativeHistoryFrom ?? undefined,
        }
      })
    } catch (error) {
      if (mine !== generation) return
      store.setState({ loading: false, empty: true, failed: true, next: undefined })
      toast.showError(ErrorText.FAILED_TO_FETCH_TRANSACTIONS)
      void analytics.trackError(AnalyticsEventName.ERROR_FETCH_TRANSACTIONS, error)
    }
  }

  async function refreshLatest(accountAddress: string | undefined) {
    if (!accountAddress) throw new PorticoError(ErrorText.TRANSACTIONS_NEED_ADDRESS)
    const mine = generation
    const page = await getTransactions(services, { address: accountAddress, chainId: network.caipNetworkId })
    if (mine !== generation) return
    const visible = filterTransactions(page.data ?? [], network.caipNetworkId)
    store.setState((current) => {
      const known = new Set(current.transactions.map((transaction) => transaction.id))
      const fresh = visible.filter((transaction) => !known.has(transaction.id))
      if (fresh.length === 0) return { nativeHistoryFrom: page.nativeHistoryFrom ?? undefined }
      const transactions = [...fresh, ...current.transactions]
      return {
        transactions,
        transactionsByYear: groupTransactions(current.transactionsByYear, fresh),
        empty: false,
        // A list that was never loaded gets the first page's cursor, so scrolling continues from it.
        next: current.transactions.length === 0 ? (page.next ?? undefined) : current.next,
        nativeHistoryFrom: page.nativeHistoryFrom ?? undefined,
        lastNetworkInView: network.caipNetworkId,
      }
    })
  }

  async function refreshPurchases(accountAddress: string) {
    if (!onramp) return
    const mine = generation
    const purchases = await getOnrampPurchases(services, accountAddress).catch(() => undefined)
    if (!purchases || mine !== generation) return
    const bought = purchases.map((purchase) =>
      purchaseTransaction(purchase, network.caipNetworkId, accountAddress),
    )
    // Rebuilt each time: a purchase's status (and so its row) changes while it is followed.
    store.setState({ coinbaseTransactions: groupTransactions({}, bought) })
  }

  function reset() {
    generation++
    exhausted = false
    store.setState(initial)
  }

  return { store, fetchTransactions, refreshLatest, refreshPurchases, reset }
}
