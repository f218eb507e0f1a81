import { useStore } from '../hooks.ts'
import type { ViewProps } from './types.ts'
import { PairingCode } from './walletconnect/PairingCode.tsx'

/**
 * WalletConnect by QR code (behaviour §2): scan with a phone's wallet, or copy the link. Reached from a
 * wallet of the list, it also opens that wallet by its own link (a phone's app, a desktop or web app).
 */
export default function ConnectingWalletConnect({ portico }: ViewProps) {
  const wallet = useStore(portico.router.store).data?.explorerWallet
  return <PairingCode portico={portico} wallet={wallet} />
}
