import type { Portico } from '@portico/core'
import { StorageKey } from '@portico/core/internal'
import { useState } from 'react'

/** The legal links agreed to, as one value: new links ask the visitor again. */
function agreement(portico: Portico): string | undefined {
  const { termsConditionsUrl, privacyPolicyUrl } = portico.options
  if (!portico.options.features.legalCheckbox || !(termsConditionsUrl || privacyPolicyUrl)) return undefined
  return JSON.stringify([termsConditionsUrl, privacyPolicyUrl])
}

/**
 * Whether the legal checkbox is asked for and ticked (remembered on the device), and ticking it.
 * Asked for with `features.legalCheckbox` and at least one of the two links, as AppKit does.
 */
export function useLegalConsent(portico: Portico) {
  const terms = agreement(portico)
  const [agreed, setAgreed] = useState(
    () => terms === undefined || portico.storage.getItem(StorageKey.legalAccepted) === terms,
  )
  const agree = (ticked: boolean) => {
    setAgreed(ticked)
    if (!terms) return
    if (ticked) portico.storage.setItem(StorageKey.legalAccepted, terms)
    else portico.storage.removeItem(StorageKey.legalAccepted)
  }
  return { asked: terms !== undefined, agreed, agree }
}
