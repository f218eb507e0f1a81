import type { ViewProps } from './types.ts'
import { PairingCode } from './walletconnect/PairingCode.tsx'

/** The plain QR view (SPEC §2): the code, its countdown and the link, nothing else. */
export default function ConnectingWalletConnectBasic({ portico }: ViewProps) {
  return <PairingCode portico={portico} compact />
}
