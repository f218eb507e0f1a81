import { useFrameStep } from './email/use-frame-step.ts'
import type { ViewProps } from './types.ts'
import './email/email-css.ts'

/**
 * A new device whose login cannot open the wallet by itself: the secure frame over this view asks
 * for the user's passkey, or for the code it just mailed them, and opens the wallet here.
 */
export default function UnlockWallet({ portico }: ViewProps) {
  const { state, retry } = useFrameStep(
    (signal) => portico.embedded.unlockWallet(signal),
    () => undefined,
  )
  return (
    <div className="center stack">
      <p>Continue in the Portico secure window to open your wallet on this device.</p>
      {state.kind !== 'waiting' && (
        <>
          <p role="alert" className="error">
            {state.kind === 'failed'
              ? state.message
              : 'Your wallet stays locked on this device until you unlock it.'}
          </p>
          <button type="button" className="primary" onClick={retry}>
            Unlock wallet
          </button>
          <button type="button" className="link-button" onClick={() => portico.router.reset('Connect')}>
            Back to Connect
          </button>
        </>
      )}
    </div>
  )
}
