import { errorMessage } from '@portico/core/internal'
import { useState } from 'react'
import { OtpInput } from './OtpInput.tsx'

export type OtpEntryState = ReturnType<typeof useOtpEntry>

/** The services' word for a code that is not the address's live one. */
const INVALID_CODE = 'Invalid code'

/** Why a code was refused, as the visitor can act on it: after a resend, most likely an old mail's code. */
export function refusalText(message: string, resent: boolean): string {
  return resent && message === INVALID_CODE
    ? 'That code was replaced by a newer one. Use the code in the latest e-mail.'
    : message
}

/**
 * A six-digit code being entered and checked by `submit`; a refusal shows its message and clears the
 * code. After a resend the first mail's code is dead: one typed from it is named as that, not as a typo.
 */
export function useOtpEntry(submit: (otp: string) => Promise<void>) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [resent, setResent] = useState(false)

  const verify = async (otp: string) => {
    setBusy(true)
    setError(undefined)
    try {
      await submit(otp)
    } catch (caught) {
      setError(refusalText(errorMessage(caught), resent))
      setCode('')
    } finally {
      setBusy(false)
    }
  }
  const markResent = () => {
    setError(undefined)
    setResent(true)
  }
  return { code, setCode, busy, error, markResent, verify }
}

/** The code field, the spinner while it is checked, and why it was refused. */
export function OtpEntry({ entry }: { entry: OtpEntryState }) {
  return (
    <>
      <OtpInput
        value={entry.code}
        onChange={entry.setCode}
        onComplete={(otp) => void entry.verify(otp)}
        busy={entry.busy}
      />
      {entry.busy && <span className="spinner" role="status" aria-label="Verifying" />}
      {entry.error && (
        <p role="alert" className="error">
          {entry.error}
        </p>
      )}
    </>
  )
}
