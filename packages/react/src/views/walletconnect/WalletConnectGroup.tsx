import type { Portico } from '@portico/core'
import { ChevronIcon } from '../../components/wallet-icons.tsx'
import { usePhone } from '../use-phone.ts'

/**
 * The Connect view's WalletConnect group (behaviour §2 order): one row to the QR view, or on a phone, which
 * would scan nothing, to the list of wallets it can open (ConnectingWalletConnectBasic). Part of the
 * first bundle, so it imports nothing of WalletConnect itself: the SDK loads with the pairing.
 */
export function WalletConnectGroup({ portico }: { portico: Portico }) {
  const phone = usePhone()
  return (
    <div className="wallet-group">
      <ul className="list" aria-label="Mobile wallets">
        <li>
          <button
            type="button"
            className="row-button"
            onClick={() =>
              portico.router.push(phone ? 'ConnectingWalletConnectBasic' : 'ConnectingWalletConnect')
            }
          >
            <span className="wallet-image" aria-hidden="true">
              <QrGlyph />
            </span>
            <span className="label">WalletConnect</span>
            {!phone && <span className="pill">QR code</span>}
            <span className="chevron">
              <ChevronIcon />
            </span>
          </button>
        </li>
      </ul>
    </div>
  )
}

function QrGlyph() {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3M21 14v7h-7" />
    </svg>
  )
}
