/**
 * The hook a wallet's own page (ExplorerWallet) calls to connect to a wallet that is not in this
 * browser, by QR code or deep link: the WalletConnect view, ConnectingWalletConnect, with the
 * picked wallet in the router's `explorerWallet` (its `mobile_link`, `desktop_link`,
 * `webapp_link`), when the dapp's wagmi config has a WalletConnect connector. Loaded with that page.
 */
import type { Connector } from '@wagmi/core'
import type { Router } from '../stores/router.ts'
import { WALLET_CONNECT_CONNECTOR_TYPE } from '../walletconnect/types.ts'
import type { ExplorerWallet } from './wallet.ts'

/** The dapp's WalletConnect connector (wagmi's `walletConnect()` and ours name their type alike), which reaches a wallet on a phone, if it has one. */
export function walletConnectConnector(connectors: readonly Connector[]): Connector | undefined {
  return connectors.find((connector) => connector.type === WALLET_CONNECT_CONNECTOR_TYPE)
}

export function connectRemotely(
  portico: { wagmiConfig: { connectors: readonly Connector[] }; router: Router },
  wallet: ExplorerWallet,
): void {
  const connector = walletConnectConnector(portico.wagmiConfig.connectors)
  if (connector)
    portico.router.push('ConnectingWalletConnect', { connectorId: connector.id, explorerWallet: wallet })
}
