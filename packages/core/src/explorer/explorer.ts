/**
 * The wallet list as `createPortico` holds it: the first page and the wallets the
 * host features or the visitor used lately, fetched when the Connect view first shows, and where
 * a picked wallet leads. Only this file is in the first download; the request code loads with
 * the first list.
 */
import { WALLET_LIST } from '../constants.ts'
import type { LazyServicesClient } from '../services.ts'
import { createStore, type Store } from '../store.ts'
import type { Router } from '../stores/router.ts'
import { type InstalledWallet, installedConnector } from './installed.ts'
import type { ExplorerWallet, WalletListAnswer } from './wallet.ts'
import type { WalletListQuery } from './wallet-list.ts'

export interface ExplorerListState {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  /** The list's first page (behaviour §9: 40), with the count of all. */
  first: WalletListAnswer | undefined
  /** The featured and recent wallets, fetched by name. */
  named: readonly ExplorerWallet[]
}

export interface PorticoExplorer {
  store: Store<ExplorerListState>
  /** Fetches the first page and the named wallets, unless done or under way; never throws. */
  load(): void
  /** One request of the list with the host's include/exclude and the dapp's chain. */
  fetchWallets(query: WalletListQuery, signal?: AbortSignal): Promise<WalletListAnswer>
  /** What every request of the list carries: `includeWalletIds`, `excludeWalletIds`, the chain. */
  filter: Pick<WalletListQuery, 'include' | 'exclude' | 'chains'>
  /**
   * A wallet picked in a list: an installed one connects as the browser wallet it is
   * (ConnectingExternal), any other opens its own page (ExplorerWallet).
   */
  pick(wallet: ExplorerWallet, installed: readonly InstalledWallet[]): void
}

export interface ExplorerParameters {
  services: LazyServicesClient
  caipNetworkId: string
  options: {
    featuredWalletIds: readonly string[]
    includeWalletIds: readonly string[]
    excludeWalletIds: readonly string[]
  }
  recentIds(): readonly string[]
  router: Router
}

export function createExplorer(parameters: ExplorerParameters): PorticoExplorer {
  const { services, caipNetworkId, options, router } = parameters
  const store = createStore<ExplorerListState>({ status: 'idle', first: undefined, named: [] })
  const filter = {
    include: options.includeWalletIds,
    exclude: options.excludeWalletIds,
    chains: [caipNetworkId],
  }

  async function fetchWallets(query: WalletListQuery, signal?: AbortSignal) {
    const [client, { getWallets }] = await Promise.all([services(), import('./wallet-list.ts')])
    return getWallets(client, { ...filter, ...query }, signal)
  }

  function load() {
    const { status } = store.getState()
    if (status === 'loading' || status === 'ready') return
    store.setState({ status: 'loading' })
    const names = [...new Set([...options.featuredWalletIds, ...parameters.recentIds()])]
    Promise.all([
      fetchWallets({ page: 1, entries: WALLET_LIST.pageSize }),
      // Featured wallets are the host's choice: shown even when `includeWalletIds` leaves them out.
      names.length
        ? fetchWallets({ include: names, entries: WALLET_LIST.searchMax }).then((answer) => answer.data)
        : [],
    ]).then(
      ([first, named]) => store.setState({ status: 'ready', first, named }),
      () => store.setState({ status: 'failed' }),
    )
  }

  return {
    store,
    load,
    fetchWallets,
    filter,
    pick(wallet, installed) {
      const connector = installedConnector(wallet, installed)
      if (connector)
        router.push('ConnectingExternal', { connectorId: connector.id, wallet: { name: wallet.name } })
      else router.push('ExplorerWallet', { explorerWallet: wallet })
    },
  }
}
