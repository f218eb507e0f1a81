/**
 * The all-wallets list's state (behaviour §9): pages of 40 loaded one after the other as the
 * visitor scrolls, and a search sent once typing pauses for 300 ms, showing at most 100 results.
 * The list already loaded is kept while searching, so clearing the search shows it again at once;
 * an answer that arrives after the visitor moved on (a page of the list during a search, an older
 * search) is dropped.
 */
import { WALLET_LIST } from '../constants.ts'
import { createStore, type Store } from '../store.ts'
import type { ExplorerWallet, WalletListAnswer } from './wallet.ts'
import type { WalletListQuery } from './wallet-list.ts'

export interface WalletPagerState {
  /** What the visitor typed. */
  search: string
  /** The list's pages loaded so far, or the search's results. */
  wallets: readonly ExplorerWallet[]
  /** How many wallets the list (or the search) matches in all; null before the first answer. */
  count: number | null
  status: 'loading' | 'ready' | 'failed'
  /** More pages of the list to load (never while searching: a search shows its results at once). */
  hasMore: boolean
}

export interface WalletPager {
  store: Store<WalletPagerState>
  /** The next page of the list, unless one is loading, all are loaded, or a search is shown. */
  loadMore(): void
  /** Searches for `text` after the pause; an empty text shows the list again. */
  setSearch(text: string): void
  /** Asks again for what failed. */
  retry(): void
}

export interface WalletPagerParameters {
  fetchWallets(query: WalletListQuery, signal: AbortSignal): Promise<WalletListAnswer>
  /** The host's include/exclude and the dapp's chains, sent with every request. */
  filter: Pick<WalletListQuery, 'include' | 'exclude' | 'chains'>
  /** The list's first page when the Connect view already has it. */
  first?: WalletListAnswer | undefined
}

interface Part {
  wallets: readonly ExplorerWallet[]
  count: number | null
  status: WalletPagerState['status']
}

export function createWalletPager({ fetchWallets, filter, first }: WalletPagerParameters): WalletPager {
  let list: Part & { pages: number } = first
    ? { wallets: first.data, count: first.count, status: 'ready', pages: 1 }
    : { wallets: [], count: null, status: 'loading', pages: 0 }
  let found: Part = { wallets: [], count: null, status: 'ready' }
  let search = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: AbortController | undefined

  const store = createStore<WalletPagerState>(snapshot())

  function snapshot(): WalletPagerState {
    if (search) return { search, ...found, hasMore: false }
    const hasMore = list.count === null ? false : list.wallets.length < list.count
    return { search, wallets: list.wallets, count: list.count, status: list.status, hasMore }
  }
  const publish = () => store.setState(snapshot())

  /** One request at a time: a newer one (a search typed, or the list again) replaces the older. */
  function ask(query: WalletListQuery, onAnswer: (answer: WalletListAnswer) => void, onFailure: () => void) {
    inFlight?.abort()
    const controller = new AbortController()
    inFlight = controller
    fetchWallets({ ...filter, ...query }, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return
        inFlight = undefined
        onAnswer(answer)
        publish()
      },
      () => {
        if (controller.signal.aborted) return
        inFlight = undefined
        onFailure()
        publish()
      },
    )
  }

  function loadPage() {
    const page = list.pages + 1
    list = { ...list, status: 'loading' }
    ask(
      { page, entries: WALLET_LIST.pageSize },
      (answer) => {
        const known = new Set(list.wallets.map((wallet) => wallet.id))
        // The registry may have changed between pages: a wallet already shown is not shown twice.
        const added = answer.data.filter((wallet) => !known.has(wallet.id))
        list = { wallets: [...list.wallets, ...added], count: answer.count, status: 'ready', pages: page }
      },
      () => {
        list = { ...list, status: 'failed' }
      },
    )
    publish()
  }

  function runSearch(text: string) {
    found = { ...found, status: 'loading' }
    ask(
      { search: text, page: 1, entries: WALLET_LIST.searchMax },
      (answer) => {
        found = { wallets: answer.data.slice(0, WALLET_LIST.searchMax), count: answer.count, status: 'ready' }
      },
      () => {
        found = { ...found, status: 'failed' }
      },
    )
    publish()
  }

  if (!first) loadPage()

  return {
    store,
    loadMore() {
      const state = store.getState()
      if (search || state.status !== 'ready' || !state.hasMore) return
      loadPage()
    },
    setSearch(text) {
      clearTimeout(timer)
      const trimmed = text.trim()
      if (trimmed === search.trim() && text !== '') {
        search = text
        return publish()
      }
      search = trimmed ? text : ''
      if (!trimmed) {
        // Back to the list: a search in flight is dropped, and a page it displaced is asked again.
        inFlight?.abort()
        inFlight = undefined
        if (list.status === 'loading') loadPage()
        return publish()
      }
      found = { ...found, status: 'loading' }
      publish()
      timer = setTimeout(() => runSearch(trimmed), WALLET_LIST.searchDelayMs)
    },
    retry() {
      if (search) runSearch(search.trim())
      else if (list.status === 'failed') loadPage()
    },
  }
}
