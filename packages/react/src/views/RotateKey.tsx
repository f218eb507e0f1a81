import { useFrameStep } from './email/use-frame-step.ts'
import type { ViewProps } from './types.ts'
import './email/email-css.ts'

/**
 * "Make recovery yours alone": the secure frame, drawn over this view, says what the key rotation
 * does and takes the user's approval and passkey; this page never sees a key or a share.
 */
export default function RotateKey({ portico }: ViewProps) {
  const leave = () => {
    if (!portico.router.goBack()) portico.modal.close({ force: true })
  }
  const { state, retry } = useFrameStep((signal) => portico.embedded.rotateKey(signal), leave)
  return (
    <div className="center stack">
      <p>Continue in the Portico secure window to move your wallet to a new key.</p>
      {state.kind !== 'waiting' && (
        <>
          <p role="alert" className="error">
            {state.kind === 'failed'
              ? state.message
              : 'The key change was closed. Your wallet works as before.'}
          </p>
          <button type="button" className="primary" onClick={retry}>
            Try again
          </button>
          <button type="button" className="link-button" onClick={leave}>
            Not now
          </button>
        </>
      )}
    </div>
  )
}
