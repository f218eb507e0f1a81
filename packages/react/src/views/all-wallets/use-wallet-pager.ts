import { createWalletPager, type Portico, type WalletPager } from '@portico/core'
import { useEffect, useState } from 'react'

/**
 * The all-wallets list's pager, made when the view shows (from the first page the Connect view
 * already has) and stopped when it goes, so a late answer never lands in a view that is gone.
 */
export function useWalletPager(portico: Portico): WalletPager | undefined {
  const [pager, setPager] = useState<WalletPager>()
  useEffect(() => {
    const { explorer } = portico
    const created = createWalletPager({
      fetchWallets: (query, signal) => explorer.fetchWallets(query, signal),
      filter: explorer.filter,
      first: explorer.store.getState().first,
    })
    setPager(created)
    return () => created.dispose()
  }, [portico])
  return pager
}
