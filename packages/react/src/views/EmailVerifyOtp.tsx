import { errorMessage } from '@portico/core'
import { useState } from 'react'
import { useStore } from '../hooks.ts'
import { EMAIL_CSS } from './email/email-css.ts'
import { OtpInput } from './email/OtpInput.tsx'
import { useCooldownSeconds } from './email/use-cooldown.ts'
import type { ViewProps } from './registry.ts'

/** Step two of e-mail login: the six-digit code from the e-mail, with a resend after the cooldown. */
export default function EmailVerifyOtp({ portico }: ViewProps) {
  const { email } = useStore(portico.embedded.state)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [seconds, restart] = useCooldownSeconds(portico.embedded.cooldownLeftMs)

  const verify = async (otp: string) => {
    setBusy(true)
    setError(undefined)
    try {
      await portico.embedded.connectOtp(otp)
    } catch (caught) {
      setError(errorMessage(caught))
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  const resend = async () => {
    if (!email) return
    setError(undefined)
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
      <style>{EMAIL_CSS}</style>
      <p>
        Enter the code we sent to <strong>{email}</strong>
      </p>
      <p className="muted">The code expires in 10 minutes</p>
      <OtpInput value={code} onChange={setCode} onComplete={(otp) => void verify(otp)} disabled={busy} />
      {busy && <span className="spinner" role="status" aria-label="Verifying" />}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p className="muted">
        Didn’t receive it?{' '}
        <button type="button" className="link-button" disabled={seconds > 0} onClick={() => void resend()}>
          {seconds > 0 ? `Resend code in ${seconds}s` : 'Resend code'}
        </button>
      </p>
    </div>
  )
}
