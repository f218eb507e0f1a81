'use client'

import { formatTokenAmount, shortenAddress } from '@portico/core'
import { BALANCE_DISPLAY_DECIMALS, type View } from '@portico/core/internal'
import type { CSSProperties } from 'react'
import { usePortico } from '../context.ts'
import { EARLY_CLICK_ATTRIBUTE } from '../early-clicks.ts'
import { useAccount, useAccountName, useModal, useNativeBalance, useStore } from '../hooks.ts'
import { preloadOpeningView } from '../views/button-views.ts'
import { buttonStyle, clipStyle, narrowButtonStyle } from './button-style.ts'
import { useNarrowScreen } from './use-narrow-screen.ts'

export interface ConnectButtonProps {
  /** Text while disconnected. */
  label?: string
  /** Text while a connection is being made. */
  loadingLabel?: string
  /** Show the native balance next to the address when connected (never on screens ≤ 430 px wide). */
  balance?: 'show' | 'hide'
  style?: CSSProperties
}

/** Opens the modal: Connect while disconnected, Account once connected. */
export function ConnectButton({
  label = 'Connect Wallet',
  loadingLabel = 'Connecting…',
  balance = 'show',
  style,
}: ConnectButtonProps) {
  const portico = usePortico()
  const account = useAccount()
  const native = useNativeBalance()
  const modal = useModal()
  const { symbol, decimals } = portico.network.nativeCurrency
  const narrow = useNarrowScreen()
  const name = useAccountName()
  const router = useStore(portico.router.store)

  if (account.address) {
    // The account's name once it has one; the server render knows it too.
    const shown = name ?? shortenAddress(account.address)
    const amount =
      balance === 'show' && !narrow && native.value !== undefined
        ? `${formatTokenAmount(native.value, decimals, BALANCE_DISPLAY_DECIMALS)} ${symbol}`
        : undefined
    return (
      <button
        type="button"
        className="portico-account-button"
        {...EARLY_CLICK_ATTRIBUTE}
        style={{ ...buttonStyle, ...(narrow ? narrowButtonStyle : {}), ...style }}
        title={name}
        aria-label={`Account ${shown}${amount ? `, balance ${amount}` : ''}`}
        aria-haspopup="dialog"
        {...preloadOnApproach(Boolean(account.address))}
        onClick={() => modal.open()}
      >
        {amount && (
          <span data-part="balance" style={{ flex: 'none' }}>
            {amount}
          </span>
        )}
        {/* A name may be 63 characters: it ends in an ellipsis rather than widening the page. */}
        <span data-part="address" style={{ ...clipStyle, maxWidth: '14em' }}>
          {shown}
        </span>
      </button>
    )
  }
  // Once the visitor picked a way to connect: a phone's Connect pairs with WalletConnect before any
  // pick (its rows deep-link with the code), and that is not the visitor connecting yet.
  const busy = account.status === 'connecting' && modal.isOpen && !OFFERS_A_CHOICE.has(router.view)
  return (
    <button
      type="button"
      className="portico-connect-button"
      {...EARLY_CLICK_ATTRIBUTE}
      style={{ ...buttonStyle, ...style }}
      aria-haspopup="dialog"
      aria-busy={busy}
      {...preloadOnApproach(Boolean(account.address))}
      onClick={() => modal.open()}
    >
      {busy ? loadingLabel : label}
    </button>
  )
}

/** A pointer over the button, a finger on it or focus on it: the click is likely to follow. */
const preloadOnApproach = (connected: boolean) => {
  const preload = () => preloadOpeningView(connected)
  return { onPointerEnter: preload, onTouchStart: preload, onFocus: preload }
}

/** The views where the visitor is still choosing how to connect. */
const OFFERS_A_CHOICE: ReadonlySet<View> = new Set<View>([
  'Connect',
  'ConnectingWalletConnectBasic',
  'AllWallets',
])
