import { useAccount, useSiwx } from '@portico/react'

/** The sign-in state; rendered on the server from the session cookie, so a reload starts signed in. */
export function SignInPanel() {
  const { session, isEnabled, signIn, signOut } = useSiwx()
  const { isConnected } = useAccount()
  return (
    <section aria-labelledby="signin-heading" className="panel">
      <h2 id="signin-heading">Sign-in</h2>
      {session ? (
        <>
          <p data-testid="siwx-status">{`Signed in as ${session.data.accountAddress}`}</p>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </>
      ) : (
        <>
          <p data-testid="siwx-status">Not signed in</p>
          {isEnabled && isConnected && (
            <button type="button" onClick={signIn}>
              Sign in
            </button>
          )}
        </>
      )}
    </section>
  )
}
