import { useFrameStep } from './email/use-frame-step.ts'
import type { ViewProps } from './types.ts'
import './email/email-css.ts'

/**
 * "Export private key": the secure frame over this view mails a code, takes it, and shows the key
 * in itself. The key never reaches this page, where any script of the dapp could read it.
 */
export default function ExportPrivateKey({ portico }: ViewProps) {
  const back = () => {
    if (!portico.router.goBack()) portico.router.reset('Account')
  }
  const { state, retry } = useFrameStep((signal) => portico.embedded.exportKey(signal), back, back)
  return (
    <div className="center stack">
      <p>Continue in the Portico secure window: it shows your private key there, never on this page.</p>
      {state.kind === 'failed' && (
        <>
          <p role="alert" className="error">
            {state.message}
          </p>
          <button type="button" className="primary" onClick={retry}>
            Try again
          </button>
        </>
      )}
    </div>
  )
}
