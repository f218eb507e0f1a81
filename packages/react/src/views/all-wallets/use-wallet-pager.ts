import type { Portico } from '@portico/core'
import { createWalletPager, type WalletPager } from '@portico/core/internal'
import { useKept } from '../kept.ts'

/**
 * The all-wallets list's pager, made when the view first shows (from the first page the Connect
 * view already has) and kept while the view is in the router's history: back from a wallet's own
 * page finds the search and the pages loaded as they were.
 */
export function useWalletPager(portico: Portico): WalletPager {
  return useKept(portico, 'AllWallets', () =>
    createWalletPager({
      fetchWallets: (query, signal) => portico.explorer.fetchWallets(query, signal),
      filter: portico.explorer.filter,
      first: portico.explorer.store.getState().first,
    }),
  )
}
