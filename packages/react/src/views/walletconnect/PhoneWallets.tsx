import type { Portico } from '@portico/core'
import { phoneWallets, safeIcon } from '@portico/core/internal'
import { useEffect } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'
import { ChevronIcon, WalletIcon } from '../../components/wallet-icons.tsx'
import { useStore } from '../../hooks.ts'
import { DeepLinkRow } from './DeepLinkRow.tsx'
import { CopyLink, PairingFailed } from './PairingCode.tsx'
import { RelayNote } from './RelayNote.tsx'
import { usePairing } from './use-pairing.ts'
import './walletconnect-css.ts'

/**
 * ConnectingWalletConnectBasic on a phone (the phone layout): the wallets this phone can
 * open, each opening its app with the pairing URI inside the tap, a way to search all wallets, and
 * the link to copy for a wallet the list does not name.
 */
export function PhoneWallets({ portico }: { portico: Portico }) {
  const { pairing, problem, blocked, retry } = usePairing(portico)
  const explorer = useStore(portico.explorer.store)
  const { wallets: recent } = useStore(portico.recent)
  const { list } = useStore(portico.connectors)
  useEffect(() => portico.explorer.load(), [portico])
  if (blocked && problem) return <PairingFailed problem={problem} retry={retry} />
  const wallets = phoneWallets({
    listed: explorer.first?.data ?? [],
    named: explorer.named,
    featuredWalletIds: portico.options.featuredWalletIds,
    recentIds: recent.map((wallet) => wallet.id),
    installed: list,
  })
  const count = explorer.first?.count ?? 0
  return (
    <div className="stack wc-phone">
      {problem && (
        <p role="alert" className="error">
          {problem.message}
        </p>
      )}
      <p className="muted">Pick your wallet: it opens with a request to connect to this page.</p>
      <RelayNote portico={portico} />
      {wallets.length > 0 && (
        <ul className="list" aria-label="Wallets on this phone">
          {wallets.map((wallet) => (
            <li key={wallet.id}>
              <DeepLinkRow
                portico={portico}
                wallet={wallet}
                noLink={() => portico.explorer.pick(wallet, list)}
              >
                <WalletImage name={wallet.name} icon={safeIcon(wallet.image_url ?? undefined)} />
                <span className="label">{wallet.name}</span>
                <span className="chevron">
                  <ChevronIcon />
                </span>
              </DeepLinkRow>
            </li>
          ))}
        </ul>
      )}
      {explorer.status === 'loading' && <p className="muted">Loading wallets…</p>}
      {explorer.status === 'failed' && <p className="error">The wallet list could not be loaded.</p>}
      {portico.options.features.allWallets && count > 0 && (
        <button type="button" className="row-button" onClick={() => portico.router.push('AllWallets')}>
          <span className="wallet-image" aria-hidden="true">
            <WalletIcon size={20} />
          </span>
          <span className="label">Search all wallets</span>
          <span className="pill">{count}</span>
          <span className="chevron">
            <ChevronIcon />
          </span>
        </button>
      )}
      {pairing.status === 'ready' && pairing.uri ? (
        <CopyLink portico={portico} uri={pairing.uri} />
      ) : (
        <p role="status" className="muted">
          Making a connection code…
        </p>
      )}
    </div>
  )
}
