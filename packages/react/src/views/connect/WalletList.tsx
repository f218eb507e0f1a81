import type { Portico } from '@portico/core'
import {
  type ConnectorGroup,
  explorerRows,
  orderConnectorGroups,
  safeIcon,
  type WalletConnectorInfo,
} from '@portico/core/internal'
import type { ExplorerWallet } from '@portico/core/shared'
import { Fragment, type ReactNode } from 'react'
import { ChevronIcon, ExternalIcon, WalletIcon } from '../../components/icons.tsx'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useStore } from '../../hooks.ts'
import { lazyPart, useLazyPart } from '../lazy-part.ts'
import { WalletConnectGroup } from '../walletconnect/WalletConnectGroup.tsx'

/** Groups this build can fill; custom ones come with their own issue. */
const BUILT_GROUPS: ConnectorGroup[] = ['walletConnect', 'recent', 'injected', 'featured', 'recommended']

/** Each group's list: its accessible name, the label shown above it and the badge on its rows. */
const GROUP_TEXT: Record<string, { list: string; label: string; badge?: string }> = {
  recent: { list: 'Recent wallets', label: 'Recently used', badge: 'Recent' },
  injected: { list: 'Browser wallets', label: 'Browser wallets', badge: 'Installed' },
  featured: { list: 'Featured wallets', label: 'Featured' },
  recommended: { list: 'Recommended wallets', label: 'Recommended' },
}

/** One row of a group: an installed connector or a wallet of the services' list. */
interface Row {
  key: string
  name: string
  icon: string | undefined
  select(): void
  /** A wallet of the services' list: on a phone its row opens the wallet's app (DeepLinkRow). */
  wallet?: ExplorerWallet
}

/** Where a newcomer finds a wallet: ethereum.org's neutral list, not one vendor. */
const GET_A_WALLET_URL = 'https://ethereum.org/en/wallets/find-wallet/'

// Only a phone deep-links its rows and pairs ahead of the tap: a desktop's Connect never loads it.
const phoneParts = lazyPart(() => import('../walletconnect/phone-parts.tsx'))
// Needed only when the services' list did not come.
const unavailable = lazyPart(() => import('../../components/Unavailable.tsx'))

/**
 * Connect's wallets: the connector groups in their order (behaviour §2), All Wallets, and the
 * no-wallet advice. `agreed` false (the legal checkbox unticked) keeps a phone's rows as buttons,
 * which the disabled fieldset around them holds back; a link it could not.
 */
export function WalletList({
  portico,
  phone,
  emailShown,
  agreed,
}: {
  portico: Portico
  phone: boolean
  emailShown: boolean
  agreed: boolean
}) {
  const { list } = useStore(portico.connectors)
  const { wallets: recent } = useStore(portico.recent)
  const explorer = useStore(portico.explorer.store)
  const phoneCode = useLazyPart(phoneParts, phone && portico.walletConnect.isAvailable())
  const Unavailable = useLazyPart(unavailable, explorer.status === 'failed')?.Unavailable
  const DeepLinkRow = agreed ? phoneCode?.DeepLinkRow : undefined
  const groups = orderConnectorGroups({
    hostOrder: portico.options.connectorTypeOrder,
    enabled: BUILT_GROUPS,
  })

  const recentIds = new Set(recent.map((wallet) => wallet.id))
  const listed = explorerRows({
    listed: explorer.first?.data ?? [],
    named: explorer.named,
    featuredWalletIds: portico.options.featuredWalletIds,
    recentIds: recent.map((wallet) => wallet.id),
    installed: list,
  })
  const connectorRow = (connector: WalletConnectorInfo): Row => ({
    key: connector.id,
    name: connector.name,
    icon: connector.icon,
    select: () =>
      portico.router.push('ConnectingExternal', {
        connectorId: connector.id,
        wallet: { name: connector.name, icon: connector.icon },
      }),
  })
  const explorerRow = (wallet: ExplorerWallet): Row => ({
    key: wallet.id,
    name: wallet.name,
    icon: safeIcon(wallet.image_url ?? undefined),
    select: () => portico.explorer.pick(wallet, list),
    wallet,
  })
  const byGroup: Record<string, Row[]> = {
    recent: [
      ...recent.flatMap((wallet) => list.filter((connector) => connector.id === wallet.id)).map(connectorRow),
      ...listed.recent.map(explorerRow),
    ],
    injected: list.filter((connector) => !recentIds.has(connector.id)).map(connectorRow),
    featured: listed.featured.map(explorerRow),
    recommended: listed.recommended.map(explorerRow),
  }
  const count = explorer.first?.count ?? 0
  const allWallets = portico.options.features.allWallets && count > 0
  const shownGroups = groups.filter((group) =>
    group === 'walletConnect' ? portico.walletConnect.isAvailable() : (byGroup[group]?.length ?? 0) > 0,
  )

  const rowContent = (row: Row, badge: string | undefined, group: string): ReactNode => (
    <>
      <WalletImage name={row.name} icon={row.icon} />
      <span className="label">{row.name}</span>
      {badge && <span className={`pill ${group}`}>{badge}</span>}
      <span className="chevron">
        <ChevronIcon />
      </span>
    </>
  )
  const sections = (shownGroups.length > 0 || allWallets) && (
    <div className="wallet-sections">
      {phoneCode && agreed && <phoneCode.PhonePairing portico={portico} />}
      {shownGroups.map((group) => {
        if (group === 'walletConnect') return <WalletConnectGroup key={group} portico={portico} />
        const text = GROUP_TEXT[group]
        if (!text) return null
        return (
          <div className="wallet-group" key={group}>
            {/* The list's own name says the same to assistive technology. */}
            <p className="section-label" aria-hidden="true">
              {text.label}
            </p>
            <ul className="list" aria-label={text.list}>
              {(byGroup[group] ?? []).map((row) => (
                <li key={row.key}>
                  {DeepLinkRow && row.wallet ? (
                    <DeepLinkRow portico={portico} wallet={row.wallet} noLink={row.select}>
                      {rowContent(row, text.badge, group)}
                    </DeepLinkRow>
                  ) : (
                    <button type="button" className="row-button" onClick={row.select}>
                      {rowContent(row, text.badge, group)}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )
      })}
      {allWallets && (
        <button type="button" className="row-button" onClick={() => portico.router.push('AllWallets')}>
          <span className="wallet-image" aria-hidden="true">
            <WalletIcon size={20} />
          </span>
          <span className="label">All wallets</span>
          <span className="pill">{count}</span>
          <span className="chevron">
            <ChevronIcon />
          </span>
        </button>
      )}
    </div>
  )
  return (
    <Fragment>
      {/* The empty state only when nothing at all is listed: WalletConnect's or the services' rows
          are how a phone (or a browser without an extension) connects, so no card contradicts them. */}
      {list.length === 0 && !sections && <NoWallet phone={phone} emailShown={emailShown} />}
      {sections}
      {/* The services' list did not come: said, not left to vanish without a word. */}
      {Unavailable && (
        <Unavailable
          sentence="The wallet list can’t be loaded right now."
          onRetry={() => portico.explorer.load()}
        />
      )}
      {list.length === 0 && sections && (
        <p className="muted new-to-wallets">
          New to wallets? <GetAWallet />
        </p>
      )}
    </Fragment>
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
      <GetAWallet className="secondary" />
    </div>
  )
}

/** ethereum.org's wallet finder, in a new tab. */
function GetAWallet({ className }: { className?: string }) {
  return (
    <a className={className} href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
      Get a wallet
      <ExternalIcon size={16} />
    </a>
  )
}
