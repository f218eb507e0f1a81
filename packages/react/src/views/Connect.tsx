import {
  type ConnectorGroup,
  orderConnectMethods,
  orderConnectorGroups,
  type WalletConnectorInfo,
} from '@portico/core'
import { Fragment } from 'react'
import { WalletImage } from '../components/WalletImage.tsx'
import { useStore } from '../hooks.ts'
import { EmailField } from './email/EmailField.tsx'
import type { ViewProps } from './types.ts'

/** Groups this build can fill; WalletConnect, featured and the explorer lists come with later issues. */
const BUILT_GROUPS: ConnectorGroup[] = ['recent', 'injected']

export function Connect({ portico }: ViewProps) {
  const { list } = useStore(portico.connectors)
  const { wallets: recent } = useStore(portico.recent)
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

  const wallets =
    list.length === 0 ? (
      <p className="muted center">
        No browser wallet found. Install a wallet extension such as MetaMask or Rabby, then reload this page.
      </p>
    ) : (
      groups.map((group) => {
        const connectors = byGroup[group] ?? []
        if (connectors.length === 0) return null
        return (
          <ul
            className="list"
            key={group}
            aria-label={group === 'recent' ? 'Recent wallets' : 'Browser wallets'}
          >
            {connectors.map((connector) => (
              <li key={connector.id}>
                <button type="button" className="row-button" onClick={() => select(connector)}>
                  <WalletImage name={connector.name} icon={connector.icon} />
                  <span>{connector.name}</span>
                  <span className="tag">{group === 'recent' ? 'Recent' : 'Installed'}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      })
    )

  return (
    <div className="stack">
      {methods.map((method) =>
        method === 'email' ? (
          <EmailField key="email" portico={portico} />
        ) : method === 'wallet' ? (
          <Fragment key="wallet">{wallets}</Fragment>
        ) : null,
      )}
    </div>
  )
}
