import type { Portico } from '@portico/core'
import { usePhonePairing } from './use-phone-pairing.ts'

/**
 * What Connect adds on a phone, in its own chunk so a desktop's Connect never carries it: the wallet
 * rows that deep-link with the pairing URI, and the pairing made for them.
 */
export { DeepLinkRow } from './DeepLinkRow.tsx'

export function PhonePairing({ portico }: { portico: Portico }) {
  usePhonePairing(portico, true)
  return null
}
