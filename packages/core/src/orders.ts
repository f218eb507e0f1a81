/** The order rules of behaviour §2: connect methods, connector groups and wallet feature buttons. */

export type ConnectMethod = 'email' | 'social' | 'wallet'
export type ConnectorGroup =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'
  | 'recommended'
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
/** A visitor who already has a usable browser wallet most likely came to use it. */
const WALLET_FIRST_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social']
export const DEFAULT_CONNECTOR_GROUPS_ORDER: readonly ConnectorGroup[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]
export const DEFAULT_WALLET_FEATURES_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']

/**
 * The host's order wins; methods it left out follow in the default order, so a partial order
 * never hides a method (whether one is shown at all is the feature flags' job).
 */
export function orderConnectMethods({
  hostOrder,
  hasUsableWallet,
}: {
  hostOrder?: readonly ConnectMethod[] | undefined
  hasUsableWallet: boolean
}): ConnectMethod[] {
  if (hostOrder?.length)
    return hostFirst(hostOrder, DEFAULT_CONNECT_METHODS_ORDER, DEFAULT_CONNECT_METHODS_ORDER)
  return [...(hasUsableWallet ? WALLET_FIRST_CONNECT_METHODS_ORDER : DEFAULT_CONNECT_METHODS_ORDER)]
}

/** Host order first (enabled groups only, once each), then the other enabled groups by default. */
export function orderConnectorGroups({
  hostOrder,
  enabled,
}: {
  hostOrder?: readonly ConnectorGroup[] | undefined
  enabled: readonly ConnectorGroup[]
}): ConnectorGroup[] {
  return hostFirst(hostOrder ?? [], enabled, DEFAULT_CONNECTOR_GROUPS_ORDER)
}

export function orderWalletFeatures({
  hostOrder,
  enabled,
}: {
  hostOrder?: readonly WalletFeature[] | undefined
  enabled: readonly WalletFeature[]
}): WalletFeature[] {
  return hostFirst(hostOrder ?? [], enabled, DEFAULT_WALLET_FEATURES_ORDER)
}

function hostFirst<T>(hostOrder: readonly T[], enabled: readonly T[], defaults: readonly T[]): T[] {
  const allowed = new Set(enabled)
  const ordered = new Set<T>()
  for (const item of [...hostOrder, ...defaults]) if (allowed.has(item)) ordered.add(item)
  return [...ordered]
}
