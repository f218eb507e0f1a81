import { useFrameStep } from './email/use-frame-step.ts'
import type { ViewProps } from './types.ts'
import './email/email-css.ts'

/**
 * A new device of a user whose wallet only their passkey can recover: the login worked, and the
 * secure frame over this view asks for the passkey that opens the wallet here.
 */
export default function UnlockWallet({ portico }: ViewProps) {
  const { state, retry } = useFrameStep(
    (signal) => portico.embedded.unlockWithPasskey(signal),
    () => undefined,
  )
  return (
    <div className="center stack">
      <p>Continue in the Portico secure window to unlock your wallet with your passkey.</p>
      {state.kind !== 'waiting' && (
        <>
          {/* A cancel is no mistake: said in the ordinary colour; a failure in red. */}
          {state.kind === 'failed' ? (
            <p role="alert" className="error">
              {state.message}
            </p>
          ) : (
            <p role="status">Your wallet stays locked on this device until you use your passkey.</p>
          )}
          <button type="button" className="primary" onClick={retry}>
            Use passkey
          </button>
          <button type="button" className="link-button" onClick={() => portico.router.reset('Connect')}>
            Back to Connect
          </button>
        </>
      )}
    </div>
  )
}
