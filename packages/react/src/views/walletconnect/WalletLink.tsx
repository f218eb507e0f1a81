import { isTelegramAndroid, type WalletNavigation, walletNavigation } from '@portico/core'
import { isPairingExpired } from '@portico/core/internal'
import type { ExplorerWallet } from '@portico/core/shared'
import type { ReactNode } from 'react'

/** Where tapping `wallet` goes with `uri` on this device (core's deep-link rules); undefined when it has no link here. */
export function navigationFor(
  wallet: ExplorerWallet,
  uri: string,
  phone: boolean,
): WalletNavigation | undefined {
  const telegramAndroid = isTelegramAndroid({
    userAgent: navigator.userAgent,
    hasTelegramWebView: 'TelegramWebviewProxy' in window,
  })
  return walletNavigation(wallet, uri, { platform: phone ? 'mobile' : 'desktop', telegramAndroid })
}

/**
 * Opens a wallet with the pairing URI. A link, not a script's navigation, so it happens inside the
 * tap, with the URI made before it: a phone's app in this tab (the app takes over), a desktop or web
 * app in a new tab that cannot reach back. A URI that counts as expired is never followed (the timer
 * that replaces it can run late in a tab the phone put in the background); a fresh one follows.
 */
export function WalletLink({
  navigation,
  expiresAt,
  className,
  onOpen,
  children,
}: {
  navigation: WalletNavigation
  expiresAt: number | undefined
  className: string
  /** Runs in the same tap, after the expiry check, whether or not the link is followed. */
  onOpen?: () => void
  children: ReactNode
}) {
  return (
    <a
      className={className}
      href={navigation.href}
      target={navigation.target}
      rel={navigation.target === '_blank' ? 'noopener noreferrer' : undefined}
      onClick={(event) => {
        if (expiresAt === undefined || isPairingExpired(expiresAt, Date.now())) event.preventDefault()
        onOpen?.()
      }}
    >
      {children}
    </a>
  )
}
