import { QrCode } from '../components/QrCode.tsx'
import { useStore } from '../hooks.ts'
import './account/account-css.ts'
import { CopyAddressButton } from './account/CopyAddressButton.tsx'
import type { ViewProps } from './types.ts'

/** The connected address as a QR code and as text to copy, with the one network it receives on. */
export default function WalletReceive({ portico }: ViewProps) {
  const { address } = useStore(portico.account)
  if (!address) return null
  const network = portico.network.name
  return (
    <div className="stack center">
      <QrCode value={address} label={`QR code of ${address}`} />
      <span className="network-pill">Network: {network}</span>
      <p className="break" data-testid="receive-address">
        {address}
      </p>
      <p className="muted">Only send assets on {network} to this address.</p>
      <CopyAddressButton portico={portico} address={address} label="Copy address" wide />
    </div>
  )
}
