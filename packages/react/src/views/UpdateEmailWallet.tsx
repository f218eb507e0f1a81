import { errorMessage, isValidEmail } from '@portico/core/internal'
import { type FormEvent, useState } from 'react'
import { useStore } from '../hooks.ts'
import './email/email-css.ts'
import type { ViewProps } from './types.ts'

/** Step one of changing the e-mail: the new address; a code then goes to the current one. */
export default function UpdateEmailWallet({ portico }: ViewProps) {
  const { email: current } = useStore(portico.embedded.state)
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim().toLowerCase()
    if (!isValidEmail(value)) return setError('Enter a valid e-mail address')
    setBusy(true)
    setError(undefined)
    try {
      await portico.embedded.updateEmail(value)
      portico.router.push('UpdateEmailPrimaryOtp')
    } catch (caught) {
      setError(errorMessage(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <p className="muted">Current e-mail: {current}</p>
      <input
        className="text-input"
        type="email"
        aria-label="New email"
        placeholder="New email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        Save
      </button>
    </form>
  )
}
