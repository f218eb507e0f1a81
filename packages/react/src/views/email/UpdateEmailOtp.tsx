import { errorMessage } from '@portico/core/internal'
import { EMAIL_LOGIN_COOLDOWN_MS } from '@portico/core/shared'
import { useState } from 'react'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import './email-css.ts'
import { OtpEntry, useOtpEntry } from './OtpEntry.tsx'
import { ResendLine } from './ResendLine.tsx'

/** The two codes of an e-mail update: first from the current address, then from the new one. */
export function UpdateEmailOtp({ portico, step }: ViewProps & { step: 'primary' | 'secondary' }) {
  const { email, newEmail } = useStore(portico.embedded.state)
  // The services mail at most one code per address every 30 s; this step's code has just gone.
  const [mailedAt, setMailedAt] = useState(() => Date.now())
  const entry = useOtpEntry(async (otp) => {
    if (step === 'primary') {
      await portico.embedded.updateEmailPrimaryOtp(otp)
      portico.router.push('UpdateEmailSecondaryOtp')
    } else {
      await portico.embedded.updateEmailSecondaryOtp(otp)
      portico.toast.showSuccess('Email updated')
      portico.router.reset('Account')
    }
  })

  // A new code always starts at the current address: only its code proves the change is the owner's.
  const resend = async () => {
    if (!newEmail) return
    try {
      await portico.embedded.updateEmail(newEmail)
      entry.markResent()
      setMailedAt(Date.now())
      if (step === 'primary') portico.toast.showSuccess('Code sent')
      else {
        portico.toast.showSuccess(`A new code was sent to ${email}: enter it first`)
        portico.router.replace('UpdateEmailPrimaryOtp')
      }
    } catch (caught) {
      portico.toast.showError(errorMessage(caught))
    }
  }

  return (
    <div className="center">
      <p className="muted">
        {step === 'primary' ? 'Step 1 of 2: your current address' : 'Step 2 of 2: your new address'}
      </p>
      <p>
        Enter the code we sent to <strong>{step === 'primary' ? email : newEmail}</strong>
      </p>
      <OtpEntry entry={entry} />
      <ResendLine leftMs={() => mailedAt + EMAIL_LOGIN_COOLDOWN_MS - Date.now()} onResend={resend} />
    </div>
  )
}
