import { useEffect } from 'react'
import { useCooldownSeconds } from './email/use-cooldown.ts'
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
  // Refused because a code was mailed moments ago (the login's): count down to when a new one may
  // be asked for, with Try again held until then.
  const cooling = state.kind === 'failed' && state.cooldown
  const [seconds, restartCountdown] = useCooldownSeconds(portico.embedded.cooldownLeftMs)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the countdown restarts on each refusal, not on each tick
  useEffect(() => {
    if (cooling) restartCountdown()
  }, [cooling])
  const waiting = cooling && seconds > 0
  return (
    <div className="center stack">
      <p>Continue in the Portico secure window: it shows your private key there, never on this page.</p>
      {state.kind === 'failed' && (
        <>
          <p role="alert" className={waiting ? undefined : 'error'}>
            {waiting ? 'A code was just sent to your e-mail.' : state.message}
          </p>
          {/* Not a live region: read out every second, the count would drown the page. */}
          {waiting && <p className="muted">You can ask for a new one in {secondsText(seconds)}.</p>}
          <button type="button" className="primary" onClick={retry} disabled={waiting}>
            Try again
          </button>
        </>
      )}
    </div>
  )
}

const secondsText = (seconds: number) => (seconds === 1 ? '1 second' : `${seconds} seconds`)
