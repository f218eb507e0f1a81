import type { ViewProps } from './types.ts'
import { usePhone } from './use-phone.ts'
import { PairingCode } from './walletconnect/PairingCode.tsx'
import { PhoneWallets } from './walletconnect/PhoneWallets.tsx'

/**
 * The plain WalletConnect view (behaviour §2): on a desktop the code, its countdown and the link, nothing
 * else; on a phone, which would scan nothing, the wallets it can open with the same pairing.
 */
export default function ConnectingWalletConnectBasic({ portico }: ViewProps) {
  return usePhone() ? <PhoneWallets portico={portico} /> : <PairingCode portico={portico} compact />
}
