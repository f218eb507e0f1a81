import type { Portico } from '@portico/core'
import { type ConnectorGroup, orderConnectorGroups, type WalletConnectorInfo } from '@portico/core/internal'
import { Fragment, type ReactNode } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'
import { ChevronIcon } from '../../components/wallet-icons.tsx'
import { useStore } from '../../hooks.ts'
import { lazyPart, useLazyPart } from '../lazy-part.ts'
import { WalletConnectGroup } from '../walletconnect/WalletConnectGroup.tsx'
import type { WalletRow } from './wallet-row.ts'

/** Groups this build can fill; custom ones come with their own issue. */
const BUILT_GROUPS: ConnectorGroup[] = ['walletConnect', 'recent', 'injected', 'featured', 'recommended']

/** Each group's list: its accessible name, the label shown above it and the badge on its rows. */
const GROUP_TEXT: Record<string, { list: string; label: string; badge?: string }> = {
  recent: { list: 'Recent wallets', label: 'Recently used', badge: 'Recent' },
  injected: { list: 'Browser wallets', label: 'Browser wallets', badge: 'Installed' },
  featured: { list: 'Featured wallets', label: 'Featured' },
  recommended: { list: 'Recommended wallets', label: 'Recommended' },
}

// The services' list comes after Connect's first paint; what it adds is fetched beside it.
const listedParts = lazyPart(() => import('./listed-wallets.tsx'))

/**
 * Connect's wallets: the connector groups in their order (behaviour §2), All Wallets, and the
 * no-wallet advice (the last two, and the services' rows, from `listed-wallets.tsx`).
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
  const listedCode = useLazyPart(listedParts, true)
  const groups = orderConnectorGroups({
    hostOrder: portico.options.connectorTypeOrder,
    enabled: BUILT_GROUPS,
  })

  const recentIds = new Set(recent.map((wallet) => wallet.id))
  const listed = listedCode?.listedRows(
    portico,
    explorer,
    list,
    recent.map((wallet) => wallet.id),
  )
  const connectorRow = (connector: WalletConnectorInfo): WalletRow => ({
    key: connector.id,
    name: connector.name,
    icon: connector.icon,
    select: () =>
      portico.router.push('ConnectingExternal', {
        connectorId: connector.id,
        wallet: { name: connector.name, icon: connector.icon },
      }),
  })
  const byGroup: Record<string, WalletRow[]> = {
    recent: [
      ...recent.flatMap((wallet) => list.filter((connector) => connector.id === wallet.id)).map(connectorRow),
      ...(listed?.recent ?? []),
    ],
    injected: list.filter((connector) => !recentIds.has(connector.id)).map(connectorRow),
    featured: listed?.featured ?? [],
    recommended: listed?.recommended ?? [],
  }
  const count = explorer.first?.count ?? 0
  const AllWalletsButton = portico.options.features.allWallets && count > 0 && listedCode?.AllWalletsButton
  const shownGroups = groups.filter((group) =>
    group === 'walletConnect' ? portico.walletConnect.isAvailable() : (byGroup[group]?.length ?? 0) > 0,
  )

  const rowContent = (row: WalletRow, badge: string | undefined, group: string): ReactNode => (
    <>
      <WalletImage name={row.name} icon={row.icon} />
      <span className="label">{row.name}</span>
      {badge && <span className={`pill ${group}`}>{badge}</span>}
      <span className="chevron">
        <ChevronIcon />
      </span>
    </>
  )
  const sections = (shownGroups.length > 0 || AllWalletsButton) && (
    <div className="wallet-sections">
      {listedCode && <listedCode.PhonePairing portico={portico} phone={phone} agreed={agreed} />}
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
                  {listedCode && row.wallet ? (
                    <listedCode.ListedRow
                      portico={portico}
                      row={row}
                      wallet={row.wallet}
                      phone={phone}
                      agreed={agreed}
                    >
                      {rowContent(row, text.badge, group)}
                    </listedCode.ListedRow>
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
      {AllWalletsButton && <AllWalletsButton portico={portico} count={count} />}
    </div>
  )
  // One tree whether the listed parts are in or not: a focused row must not be drawn again when they land.
  return (
    <Fragment>
      {/* The empty state only when nothing at all is listed: WalletConnect's or the services' rows
          are how a phone (or a browser without an extension) connects, so no card contradicts them. */}
      {listedCode && list.length === 0 && !sections && (
        <listedCode.NoWallet phone={phone} emailShown={emailShown} />
      )}
      {sections}
      {/* The services' list did not come: said, not left to vanish without a word. */}
      {listedCode && explorer.status === 'failed' && (
        <listedCode.Unavailable
          sentence="The wallet list can’t be loaded right now."
          onRetry={() => portico.explorer.load()}
        />
      )}
      {listedCode && list.length === 0 && sections && <listedCode.NewToWallets />}
    </Fragment>
  )
}
