'use client'

import { useAccount, useSiwx } from '@portico/react'

/** Who is connected and signed in; rendered on the server from the cookies, then kept live. */
export function AccountStatus() {
  const { address } = useAccount()
  const { session, isSignedIn, signOut } = useSiwx()
  return (
    <section aria-label="Wallet status">
      <p role="status">{address ? `Connected as ${address}` : 'Disconnected'}</p>
      <p>{session ? `Signed in as ${session.data.accountAddress}` : 'Not signed in'}</p>
      {isSignedIn && (
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      )}
    </section>
  )
}
