import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import './email-css.ts'
import { OtpEntry, useOtpEntry } from './OtpEntry.tsx'

/** The two codes of an e-mail update: first from the current address, then from the new one. */
export function UpdateEmailOtp({ portico, step }: ViewProps & { step: 'primary' | 'secondary' }) {
  const { email, newEmail } = useStore(portico.embedded.state)
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

  return (
    <div className="center">
      <p>
        Enter the code we sent to <strong>{step === 'primary' ? email : newEmail}</strong>
      </p>
      <OtpEntry entry={entry} />
    </div>
  )
}
