import type { Portico } from '@portico/core'

/** WalletConnect's public relay, which wallet apps reach by default. */
const PUBLIC_RELAY_HOST = /(^|\.)walletconnect\.(com|org)$/

/** Whether the connector pairs over a relay other than WalletConnect's public one (the services' own). */
export function usesOwnRelay(relayUrl: string): boolean {
  try {
    return !PUBLIC_RELAY_HOST.test(new URL(relayUrl).hostname)
  } catch {
    return true
  }
}

/**
 * Wallet apps only talk to WalletConnect's public relay unless set up otherwise: on a page that
 * pairs over its own, a wallet that never answers would leave the visitor waiting without a reason.
 */
export function RelayNote({ portico }: { portico: Portico }) {
  if (!usesOwnRelay(portico.options.walletConnect.relayUrl)) return null
  return (
    <p className="muted wc-relay-note">
      This site pairs through its own WalletConnect relay: only wallets set up for that relay can connect.
    </p>
  )
}
