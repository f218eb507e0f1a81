import { errorMessage } from '@portico/core/internal'
import { useState } from 'react'
import { OtpInput } from './OtpInput.tsx'

export type OtpEntryState = ReturnType<typeof useOtpEntry>

/** A six-digit code being entered and checked by `submit`; a refusal shows its message and clears the code. */
export function useOtpEntry(submit: (otp: string) => Promise<void>) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const verify = async (otp: string) => {
    setBusy(true)
    setError(undefined)
    try {
      await submit(otp)
    } catch (caught) {
      setError(errorMessage(caught))
      setCode('')
    } finally {
      setBusy(false)
    }
  }
  return { code, setCode, busy, error, clearError: () => setError(undefined), verify }
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
