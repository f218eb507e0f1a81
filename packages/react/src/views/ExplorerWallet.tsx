import {
  connectRemotely,
  type GetWalletLink,
  getWalletLinks,
  walletConnectConnector,
} from '@portico/core/internal'
import { ExternalIcon } from '../components/icons.tsx'
import { WalletImage } from '../components/WalletImage.tsx'
import { useStore } from '../hooks.ts'
import './all-wallets/all-wallets-css.ts'
import { explorerIcon } from './all-wallets/WalletGrid.tsx'
import type { ViewProps } from './types.ts'
import { RelayNote } from './walletconnect/RelayNote.tsx'

const LINK_TEXT: Record<GetWalletLink, string> = {
  app_store: 'App Store',
  play_store: 'Google Play',
  chrome_store: 'Chrome Web Store',
  homepage: 'Website',
}

/**
 * A wallet of the list that is not installed here: its name and image, a way to connect to it
 * from a phone (core's `connectRemotely`, the WalletConnect view) when the page offers
 * one, and where to get it — its stores and homepage, https only, each opened in a new tab that
 * cannot reach back into this page.
 */
export default function ExplorerWallet({ portico }: ViewProps) {
  const wallet = useStore(portico.router.store).data?.explorerWallet
  if (!wallet) return null
  const links = getWalletLinks(wallet)
  const remote = walletConnectConnector(portico.wagmiConfig.connectors) !== undefined
  return (
    <div className="stack center explorer-wallet">
      <WalletImage name={wallet.name} icon={explorerIcon(wallet)} large />
      <p className="name">{wallet.name}</p>
      {remote ? (
        <>
          <button type="button" className="primary" onClick={() => connectRemotely(portico, wallet)}>
            Connect with {wallet.name}
          </button>
          <RelayNote portico={portico} />
        </>
      ) : (
        <p className="muted">This page connects to wallets installed in this browser.</p>
      )}
      {links.length > 0 ? (
        <section className="get-links" aria-label={`Get ${wallet.name}`}>
          <h3 className="group-title">Get {wallet.name}</h3>
          <ul className="list">
            {links.map(({ kind, href }) => (
              <li key={kind}>
                <a className="row-button" href={href} target="_blank" rel="noopener noreferrer">
                  <span className="label">{LINK_TEXT[kind]}</span>
                  <ExternalIcon size={16} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="muted">The wallet list names no place to get {wallet.name}.</p>
      )}
    </div>
  )
}
