'use client'

import { useAccount, useModal, useNetwork } from '../hooks.ts'
import { buttonStyle, clipStyle, narrowButtonStyle } from './button-style.ts'
import { useNarrowScreen } from './use-narrow-screen.ts'

/** Shows the page's network; when the wallet sits on another chain it says so and offers the switch. */
export function NetworkButton() {
  const network = useNetwork()
  const account = useAccount()
  const modal = useModal()
  const wrong = network.isUnsupportedChain
  const narrow = useNarrowScreen()
  return (
    <button
      type="button"
      className="portico-network-button"
      style={{
        ...buttonStyle,
        ...(narrow ? narrowButtonStyle : {}),
        background: wrong ? '#c0392b' : 'rgba(255,255,255,0.08)',
      }}
      aria-haspopup="dialog"
      aria-label={wrong ? `Wrong network, switch to ${network.name}` : `Network ${network.name}`}
      onClick={() =>
        wrong ? modal.open('UnsupportedChain') : modal.open(account.isConnected ? 'Account' : 'Connect')
      }
    >
      <span style={clipStyle}>{wrong ? 'Wrong network' : network.name}</span>
    </button>
  )
}
