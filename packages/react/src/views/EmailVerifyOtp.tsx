import { errorMessage } from '@portico/core/internal'
import { useStore } from '../hooks.ts'
import './email/email-css.ts'
import { OtpEntry, useOtpEntry } from './email/OtpEntry.tsx'
import { ResendLine } from './email/ResendLine.tsx'
import type { ViewProps } from './types.ts'

/** Step two of e-mail login: the six-digit code from the e-mail, with a resend after the cooldown. */
export default function EmailVerifyOtp({ portico }: ViewProps) {
  const { email } = useStore(portico.embedded.state)
  const entry = useOtpEntry((otp) => portico.embedded.connectOtp(otp))

  const resend = async () => {
    if (!email) return
    try {
      await portico.embedded.connectEmail(email)
      entry.markResent()
      portico.toast.showSuccess('Code sent')
    } catch (caught) {
      portico.toast.showError(errorMessage(caught))
    }
  }

  return (
    <div className="center">
      <p>
        Enter the code we sent to <strong>{email}</strong>
      </p>
      <OtpEntry entry={entry} />
      <ResendLine leftMs={portico.embedded.cooldownLeftMs} onResend={resend} />
    </div>
  )
}
