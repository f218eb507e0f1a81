import type { ViewProps } from './types.ts'
import { PairingCode } from './walletconnect/PairingCode.tsx'

/** WalletConnect by QR code (SPEC §2): scan with a phone's wallet, or copy the link. */
export default function ConnectingWalletConnect({ portico }: ViewProps) {
  return <PairingCode portico={portico} />
}
