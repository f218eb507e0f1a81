import type { InstalledWallet, WalletPager } from '@portico/core/internal'
import { useId } from 'react'
import { Loading } from '../components/Loading.tsx'
import { useStore } from '../hooks.ts'
import './all-wallets/all-wallets-css.ts'
import { useWalletPager } from './all-wallets/use-wallet-pager.ts'
import { WalletGrid } from './all-wallets/WalletGrid.tsx'
import type { ViewProps } from './types.ts'

const AllWalletsText = {
  SEARCH_LABEL: 'Search wallets',
  FAILED: 'The wallet list could not be loaded.',
  RETRY: 'Try again',
  SEARCHING: 'Searching…',
  LOADING: 'Loading wallets…',
  noMatch: (search: string) => `No wallet matches “${search.trim()}”`,
  count: (shown: number, count: number, search: string) =>
    search.trim()
      ? `${count} ${count === 1 ? 'wallet matches' : 'wallets match'} “${search.trim()}”${count > shown ? `, the first ${shown} shown` : ''}`
      : `${count} wallets`,
} as const

/**
 * Every wallet of the services' registry (behaviour §2 AllWallets): a search field, focused when
 * the view opens, that searches once typing pauses (300 ms); the wallets as a grid that loads
 * the next page of 40 as it scrolls. A pick connects an installed wallet, or opens its own page.
 */
export default function AllWallets({ portico }: ViewProps) {
  const pager = useWalletPager(portico)
  const { list } = useStore(portico.connectors)
  const installed: InstalledWallet[] = list.map((connector) => ({ id: connector.id, rdns: connector.rdns }))
  return (
    <WalletList
      pager={pager}
      installed={installed}
      onPick={(wallet) => portico.explorer.pick(wallet, installed)}
    />
  )
}

function WalletList({
  pager,
  installed,
  onPick,
}: {
  pager: WalletPager
  installed: InstalledWallet[]
  onPick: Parameters<typeof WalletGrid>[0]['onPick']
}) {
  const { search, wallets, count, status, hasMore } = useStore(pager.store)
  const searchId = useId()
  const searching = search.trim() !== ''
  return (
    <div className="stack all-wallets">
      <label htmlFor={searchId} className="section-label">
        {AllWalletsText.SEARCH_LABEL}
      </label>
      <input
        id={searchId}
        className="search"
        type="search"
        placeholder="Search by name"
        autoComplete="off"
        spellCheck={false}
        value={search}
        onChange={(event) => pager.setSearch(event.target.value)}
      />
      <p className="summary muted" aria-live="polite">
        {status === 'ready' && count !== null && (count > 0 || !searching)
          ? AllWalletsText.count(wallets.length, count, search)
          : ''}
      </p>
      {status === 'ready' && searching && wallets.length === 0 ? (
        <div className="center">
          <p>{AllWalletsText.noMatch(search)}</p>
          <p className="muted">Check the spelling, or search for part of the name.</p>
        </div>
      ) : (
        <WalletGrid
          wallets={wallets}
          installed={installed}
          onPick={onPick}
          onEnd={hasMore && status === 'ready' ? pager.loadMore : undefined}
        />
      )}
      {status === 'loading' && (
        <Loading label={searching ? AllWalletsText.SEARCHING : AllWalletsText.LOADING} />
      )}
      {status === 'failed' && (
        <div className="center" role="alert">
          <p className="error">{AllWalletsText.FAILED}</p>
          <button type="button" className="secondary" onClick={pager.retry}>
            {AllWalletsText.RETRY}
          </button>
        </div>
      )}
    </div>
  )
}
