import { errorMessage } from '@portico/core'
import { useStore } from '../hooks.ts'
import './email/email-css.ts'
import { OtpEntry, useOtpEntry } from './email/OtpEntry.tsx'
import { useCooldownSeconds } from './email/use-cooldown.ts'
import type { ViewProps } from './types.ts'

/** Step two of e-mail login: the six-digit code from the e-mail, with a resend after the cooldown. */
export default function EmailVerifyOtp({ portico }: ViewProps) {
  const { email } = useStore(portico.embedded.state)
  const entry = useOtpEntry((otp) => portico.embedded.connectOtp(otp))
  const [seconds, restart] = useCooldownSeconds(portico.embedded.cooldownLeftMs)

  const resend = async () => {
    if (!email) return
    entry.clearError()
    try {
      await portico.embedded.connectEmail(email)
      portico.toast.showSuccess('Code sent')
    } catch (caught) {
      portico.toast.showError(errorMessage(caught))
    }
    restart()
  }

  return (
    <div className="center">
      <p>
        Enter the code we sent to <strong>{email}</strong>
      </p>
      <p className="muted">The code expires in 10 minutes</p>
      <OtpEntry entry={entry} />
      <p className="muted">
        Didn’t receive it?{' '}
        <button type="button" className="link-button" disabled={seconds > 0} onClick={() => void resend()}>
          {seconds > 0 ? `Resend code in ${seconds}s` : 'Resend code'}
        </button>
      </p>
    </div>
  )
}
