import { secondsText } from '@portico/core/internal'
import { useCooldownSeconds } from './use-cooldown.ts'

/**
 * The lines under a code entry: how long the code lives, and a resend that counts down the
 * cooldown of behaviour §8 before it can be pressed.
 */
export function ResendLine({ leftMs, onResend }: { leftMs: () => number; onResend: () => Promise<void> }) {
  const [seconds, restart] = useCooldownSeconds(leftMs)
  return (
    <>
      <p className="muted">The code expires in 10 minutes</p>
      <p className="muted">
        Didn’t receive it?{' '}
        <button
          type="button"
          className="link-button"
          disabled={seconds > 0}
          onClick={() => void onResend().finally(restart)}
        >
          {seconds > 0 ? `Resend code in ${secondsText(seconds)}` : 'Resend code'}
        </button>
      </p>
    </>
  )
}
