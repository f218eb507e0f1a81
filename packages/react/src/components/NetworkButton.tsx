'use client'

import { useAccount, useModal, useNetwork } from '../hooks.ts'
import { buttonStyle } from './button-style.ts'

/** Shows the page's network; when the wallet sits on another chain it says so and offers the switch. */
export function NetworkButton() {
  const network = useNetwork()
  const account = useAccount()
  const modal = useModal()
  const wrong = network.isUnsupportedChain
  return (
    <button
      type="button"
      className="portico-network-button"
      style={{ ...buttonStyle, background: wrong ? '#c0392b' : 'rgba(255,255,255,0.08)' }}
      aria-haspopup="dialog"
      aria-label={wrong ? `Wrong network, switch to ${network.name}` : `Network ${network.name}`}
      onClick={() =>
        wrong ? modal.open('UnsupportedChain') : modal.open(account.isConnected ? 'Account' : 'Connect')
      }
    >
      {wrong ? 'Wrong network' : network.name}
    </button>
  )
}
