import { errorMessage } from '@portico/core'
import { useState } from 'react'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../registry.ts'
import { EMAIL_CSS } from './email-css.ts'
import { OtpInput } from './OtpInput.tsx'

/** The two codes of an e-mail update: first from the current address, then from the new one. */
export function UpdateEmailOtp({ portico, step }: ViewProps & { step: 'primary' | 'secondary' }) {
  const { email, newEmail } = useStore(portico.embedded.state)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const verify = async (otp: string) => {
    setBusy(true)
    setError(undefined)
    try {
      if (step === 'primary') {
        await portico.embedded.updateEmailPrimaryOtp(otp)
        portico.router.push('UpdateEmailSecondaryOtp')
      } else {
        await portico.embedded.updateEmailSecondaryOtp(otp)
        portico.toast.showSuccess('Email updated')
        portico.router.reset('Account')
      }
    } catch (caught) {
      setError(errorMessage(caught))
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="center">
      <style>{EMAIL_CSS}</style>
      <p>
        Enter the code we sent to <strong>{step === 'primary' ? email : newEmail}</strong>
      </p>
      <OtpInput value={code} onChange={setCode} onComplete={(otp) => void verify(otp)} disabled={busy} />
      {busy && <span className="spinner" role="status" aria-label="Verifying" />}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  )
}
