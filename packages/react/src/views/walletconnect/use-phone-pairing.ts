import type { Portico } from '@portico/core'
import { useEffect } from 'react'
import { finishConnect, releasePairing } from './pairing-lifetime.ts'

/**
 * On a phone, Connect makes the pairing URI as soon as it shows a WalletConnect row, so a tap on a
 * wallet row can open the wallet inside the tap (a navigation after an await would be blocked or
 * lose the tap). The SDK's chunk loads then: after the modal opened, never in the first download.
 * A failure leaves the rows as buttons to the waiting view, which says why and offers to try again.
 */
export function usePhonePairing(portico: Portico, phone: boolean): void {
  const available = portico.walletConnect.isAvailable()
  useEffect(() => {
    if (!phone || !available) return
    portico.walletConnect.connect({ chosen: false }).then(
      () => finishConnect(portico),
      () => undefined,
    )
    return () => releasePairing(portico, phone)
  }, [portico, phone, available])
}
