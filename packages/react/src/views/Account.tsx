import { useState } from 'react'
import { useStore } from '../hooks.ts'
import { AccountHeader } from './account/AccountHeader.tsx'
import { AccountTabs } from './account/AccountTabs.tsx'
import './account/account-css.ts'
import { WalletFeatures } from './account/WalletFeatures.tsx'
import { EmbeddedAccount } from './email/EmbeddedAccount.tsx'
import type { ViewProps } from './types.ts'

export default function Account({ portico }: ViewProps) {
  const account = useStore(portico.account)
  const { session } = useStore(portico.siwx.store)
  const [busy, setBusy] = useState(false)
  if (!account.address) return null
  // Optional sign-in the visitor put off: the way back to it is here, not only on the dapp's page.
  const offerSignIn = portico.siwx.isEnabled() && !session

  return (
    <div className="stack">
      <AccountHeader portico={portico} />
      <EmbeddedAccount portico={portico} />
      <WalletFeatures portico={portico} />
      <AccountTabs portico={portico} />
      {offerSignIn && (
        <button type="button" className="secondary" onClick={() => portico.siwx.requestSignIn()}>
          Sign in
        </button>
      )}
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          await portico.disconnect().catch(() => undefined)
          setBusy(false)
        }}
      >
        Disconnect
      </button>
    </div>
  )
}
