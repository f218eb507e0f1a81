import { errorMessage } from '@portico/core'
import { useEffect, useState } from 'react'
import { useStore } from '../hooks.ts'
import './email/email-css.ts'
import type { ViewProps } from './types.ts'

/** A known address on a new device: waits, by itself, until the e-mailed approval link is followed. */
export default function EmailVerifyDevice({ portico }: ViewProps) {
  const { email } = useStore(portico.embedded.state)
  const [error, setError] = useState<string>()
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how Keep waiting restarts the wait
  useEffect(() => {
    const controller = new AbortController()
    setError(undefined)
    portico.embedded.waitForDevice(controller.signal).catch((caught: unknown) => {
      if (!controller.signal.aborted) setError(errorMessage(caught))
    })
    return () => controller.abort()
  }, [portico, attempt])

  return (
    <div className="center">
      <p>Approve this device</p>
      <p className="muted">
        We sent an approval link to <strong>{email}</strong>. Open it and approve; this window continues by
        itself.
      </p>
      {error ? (
        <>
          <p role="alert" className="error">
            {error}
          </p>
          <button type="button" className="primary" onClick={() => setAttempt((n) => n + 1)}>
            Keep waiting
          </button>
        </>
      ) : (
        <span className="spinner" role="status" aria-label="Waiting for approval" />
      )}
    </div>
  )
}
