import { useState } from 'react'
import { useFrameStep } from './email/use-frame-step.ts'
import type { ViewProps } from './types.ts'
import './email/email-css.ts'

const TEXT = {
  setup: {
    intro:
      'Continue in the Portico secure window to make your wallet: protect it with a passkey, or not now.',
    closed: 'Your wallet is made once you answer in the Portico secure window.',
    retry: 'Continue',
  },
  unlock: {
    intro: 'Continue in the Portico secure window to open your wallet on this device.',
    closed: 'Your wallet stays locked on this device until you unlock it.',
    retry: 'Unlock wallet',
  },
} as const

/**
 * A step the secure frame over this view takes before the wallet opens: a new user's wallet is made
 * once they answered the passkey offer (SetUpWallet); a new device is unlocked with the user's
 * passkey, or with the code the frame just mailed them (UnlockWallet).
 */
export default function UnlockWallet({ portico }: ViewProps) {
  const [text] = useState(
    () => TEXT[portico.router.store.getState().view === 'SetUpWallet' ? 'setup' : 'unlock'],
  )
  const { state, retry } = useFrameStep(
    (signal) => portico.embedded.unlockWallet(signal),
    () => undefined,
  )
  return (
    <div className="center stack">
      <p>{text.intro}</p>
      {state.kind !== 'waiting' && (
        <>
          {/* A cancel is no mistake: said in the ordinary colour; a failure in red. */}
          {state.kind === 'failed' ? (
            <p role="alert" className="error">
              {state.message}
            </p>
          ) : (
            <p role="status">{text.closed}</p>
          )}
          <button type="button" className="primary" onClick={retry}>
            {text.retry}
          </button>
          <button type="button" className="link-button" onClick={() => portico.router.reset('Connect')}>
            Back to Connect
          </button>
        </>
      )}
    </div>
  )
}
