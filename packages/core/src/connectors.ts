import type { Connector } from '@wagmi/core'
import { WALLET_CONNECT_CONNECTOR_TYPE } from './walletconnect/types.ts'
import { matchesWallet, showGenericBrowserWallet } from './wallets.ts'

/** What the Connect view needs to show one wallet: never raw HTML, only these plain fields. */
export interface WalletConnectorInfo {
  id: string
  name: string
  icon: string | undefined
  rdns: string | undefined
  /** ANNOUNCED for EIP-6963 wallets, INJECTED for the generic window.ethereum one. */
  type: 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL'
}

const GENERIC_INJECTED_ID = 'injected'

export function connectorList(parameters: {
  connectors: readonly Connector[]
  excludeWalletIds: readonly string[]
  isMobile: boolean
}): WalletConnectorInfo[] {
  const list: WalletConnectorInfo[] = []
  const seen = new Set<string>()
  for (const connector of parameters.connectors) {
    const rdns = rdnsOf(connector)
    const info: WalletConnectorInfo = {
      id: connector.id,
      name: connector.name,
      icon: safeIcon(connector.icon),
      rdns,
      type: connector.id === GENERIC_INJECTED_ID ? 'INJECTED' : rdns ? 'ANNOUNCED' : 'EXTERNAL',
    }
    // The embedded wallet (AUTH) is offered as the e-mail field, WalletConnect as its own group.
    if (connector.type === 'AUTH' || connector.type === WALLET_CONNECT_CONNECTOR_TYPE) continue
    if (seen.has(info.id)) continue
    if (matchesWallet({ rdns, name: info.name }, [...parameters.excludeWalletIds])) continue
    if (
      info.type === 'INJECTED' &&
      !showGenericBrowserWallet({ isMobile: parameters.isMobile, rdns, installed: hasWindowEthereum() })
    )
      continue
    seen.add(info.id)
    list.push(info)
  }
  return list
}

const REVERSE_DNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

/**
 * A wallet's EIP-6963 reverse-DNS id; wagmi allows several, the first is the wallet's own. The
 * connectors wagmi makes for announced wallets carry no `rdns`: their id is the announced rdns
 * (`createConfig`'s `injected({ target: { ...info, id: info.rdns } })`).
 */
export function rdnsOf(connector: Connector): string | undefined {
  const own = Array.isArray(connector.rdns) ? connector.rdns[0] : (connector.rdns as string | undefined)
  if (own) return own
  return connector.type === 'injected' && REVERSE_DNS.test(connector.id) ? connector.id : undefined
}

/**
 * A wallet announces its own icon; only data: images and https URLs are used, and only ever as an
 * <img src>, so a hostile announcement cannot inject markup or script.
 */
export function safeIcon(icon: string | undefined): string | undefined {
  if (!icon) return undefined
  const trimmed = icon.trim()
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(trimmed)) return trimmed
  if (/^https:\/\//i.test(trimmed)) return trimmed
  return undefined
}

function hasWindowEthereum(): boolean {
  return typeof window !== 'undefined' && Boolean((window as { ethereum?: unknown }).ethereum)
}
