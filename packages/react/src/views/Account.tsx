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
  const identities = useStore(portico.names.identities)
  const [busy, setBusy] = useState(false)
  if (!account.address) return null
  // Optional sign-in the visitor put off: the way back to it is here, not only on the dapp's page.
  const offerSignIn = portico.siwx.isEnabled() && !session
  // Only once the services said this address has no name: not while asking, nor where names are off.
  const offerName = identities.byAddress[account.address.toLowerCase()]?.name === null

  return (
    <div className="stack account-view">
      <AccountHeader portico={portico} />
      <EmbeddedAccount portico={portico} />
      {offerName && (
        <button
          type="button"
          className="link-button"
          onClick={() => portico.router.push('RegisterAccountName')}
        >
          Choose a name
        </button>
      )}
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
