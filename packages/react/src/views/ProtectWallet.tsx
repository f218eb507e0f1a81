import { useFrameStep } from './email/use-frame-step.ts'
import type { ViewProps } from './types.ts'
import './email/email-css.ts'

/**
 * "Protect your wallet with a passkey": the secure frame, drawn over this view, explains it and
 * makes the passkey with the user's device; this page never sees the passkey's secret. Offered
 * after the first login and from the account view; either way the user may say "Not now".
 */
export default function ProtectWallet({ portico }: ViewProps) {
  const leave = () => {
    if (!portico.router.goBack()) portico.modal.close({ force: true })
  }
  const { state, retry } = useFrameStep((signal) => portico.embedded.protectWithPasskey(signal), leave)
  return (
    <div className="center stack">
      <p>Continue in the Portico secure window to protect your wallet with a passkey.</p>
      {state.kind !== 'waiting' && (
        <>
          <p role="alert" className="error">
            {state.kind === 'failed' ? state.message : 'The passkey step was closed.'}
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
