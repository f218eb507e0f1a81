import {
  type ConnectorGroup,
  orderConnectMethods,
  orderConnectorGroups,
  type WalletConnectorInfo,
} from '@portico/core'
import { Fragment, useSyncExternalStore } from 'react'
import { ChevronIcon, ExternalIcon, WalletIcon } from '../components/icons.tsx'
import { WalletImage } from '../components/WalletImage.tsx'
import { useStore } from '../hooks.ts'
import { EmailField } from './email/EmailField.tsx'
import type { ViewProps } from './types.ts'
import { WalletConnectGroup } from './walletconnect/WalletConnectGroup.tsx'

/** Groups this build can fill; featured and the explorer lists come with later issues. */
const BUILT_GROUPS: ConnectorGroup[] = ['walletConnect', 'recent', 'injected']

/** Each group's list: its accessible name, the label shown above it and the badge on its rows. */
const GROUP_TEXT: Record<string, { list: string; label: string; badge: string }> = {
  recent: { list: 'Recent wallets', label: 'Recently used', badge: 'Recent' },
  injected: { list: 'Browser wallets', label: 'Browser wallets', badge: 'Installed' },
}

/** Where a newcomer finds a wallet: ethereum.org's neutral list, not one vendor. */
const GET_A_WALLET_URL = 'https://ethereum.org/en/wallets/find-wallet/'

export function Connect({ portico }: ViewProps) {
  const { list } = useStore(portico.connectors)
  const { wallets: recent } = useStore(portico.recent)
  const phone = usePhone()
  const groups = orderConnectorGroups({
    hostOrder: portico.options.connectorTypeOrder,
    enabled: BUILT_GROUPS,
  })
  // Social login is not built yet; the order rule still decides where e-mail and wallets go.
  const emailAvailable = portico.embedded.isAvailable()
  const methods = orderConnectMethods({
    hostOrder: portico.options.connectMethodsOrder,
    hasUsableWallet: list.length > 0,
  }).filter((method) => method === 'wallet' || (method === 'email' && emailAvailable))

  const recentIds = new Set(recent.map((wallet) => wallet.id))
  const byGroup: Record<string, WalletConnectorInfo[]> = {
    recent: recent.flatMap((wallet) => list.filter((connector) => connector.id === wallet.id)),
    injected: list.filter((connector) => !recentIds.has(connector.id)),
  }

  const select = (connector: WalletConnectorInfo) =>
    portico.router.push('ConnectingExternal', {
      connectorId: connector.id,
      wallet: { name: connector.name, icon: connector.icon },
    })

  // WalletConnect (issue 10): its own group, in the group order, and under the advice when no
  // browser wallet is here.
  const walletConnect = portico.walletConnect.isAvailable() ? <WalletConnectGroup portico={portico} /> : null
  const wallets =
    list.length === 0 ? (
      <>
        <NoWallet phone={phone} emailShown={methods.includes('email')} />
        {walletConnect}
      </>
    ) : (
      <div className="wallet-sections">
        {groups.map((group) => {
          if (group === 'walletConnect') return <Fragment key={group}>{walletConnect}</Fragment>
          const connectors = byGroup[group] ?? []
          const text = GROUP_TEXT[group]
          if (connectors.length === 0 || !text) return null
          return (
            <div className="wallet-group" key={group}>
              {/* The list's own name says the same to assistive technology. */}
              <p className="section-label" aria-hidden="true">
                {text.label}
              </p>
              <ul className="list" aria-label={text.list}>
                {connectors.map((connector) => (
                  <li key={connector.id}>
                    <button type="button" className="row-button" onClick={() => select(connector)}>
                      <WalletImage name={connector.name} icon={connector.icon} />
                      <span className="label">{connector.name}</span>
                      <span className={`pill ${group}`}>{text.badge}</span>
                      <span className="chevron">
                        <ChevronIcon />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </div>
    )

  // "or" only between two ways in that are both offered: the e-mail field and a list of wallets.
  const divider = methods.includes('email') && methods.includes('wallet') && list.length > 0
  return (
    <div className="stack">
      {methods.map((method, index) => (
        <Fragment key={method}>
          {divider && index > 0 && (
            <div className="divider">
              <span>or</span>
            </div>
          )}
          {method === 'email' ? <EmailField portico={portico} /> : method === 'wallet' ? wallets : null}
        </Fragment>
      ))}
    </div>
  )
}

/**
 * No wallet in this browser: say so in words that fit the device, point to the way in that works
 * here (e-mail, when offered, is listed first), and to where a newcomer gets a wallet. A phone
 * cannot add a browser extension, so it is never told to.
 */
function NoWallet({ phone, emailShown }: { phone: boolean; emailShown: boolean }) {
  const [title, advice] = phone
    ? [
        'No wallet found',
        emailShown
          ? 'Continue with your e-mail, or open this page in your wallet app’s browser.'
          : 'Open this page in your wallet app’s browser to connect.',
      ]
    : [
        'No wallet found in this browser',
        emailShown
          ? 'Continue with your e-mail, or add a wallet extension to this browser and reload the page.'
          : 'Add a wallet extension such as MetaMask or Rabby to this browser, then reload the page.',
      ]
  return (
    <div className="center no-wallet">
      <span className="empty-icon" aria-hidden="true">
        <WalletIcon size={24} />
      </span>
      <p>{title}</p>
      <p className="muted">{advice}</p>
      <p className="muted">New to wallets?</p>
      <a className="secondary" href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
        Get a wallet
        <ExternalIcon size={16} />
      </a>
    </div>
  )
}

/** A touch screen or a phone-sized one: where browser extensions are not a thing to suggest. */
const PHONE_QUERY = '(pointer: coarse), (max-width: 430px)'

function subscribePhone(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(PHONE_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const isPhone = () => typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches

function usePhone(): boolean {
  return useSyncExternalStore(subscribePhone, isPhone, () => false)
}
