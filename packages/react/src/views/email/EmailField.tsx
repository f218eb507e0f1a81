import { EmbeddedError } from '@portico/core'
import { errorMessage, isValidEmail, StorageKey } from '@portico/core/internal'
import { tryAgainAfter } from '@portico/core/shared'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useStore } from '../../hooks.ts'
import type { ViewProps } from '../types.ts'
import './email-css.ts'
import { useCooldownSeconds } from './use-cooldown.ts'

/**
 * The e-mail login field of the Connect view. Showing it is what loads the secure frame, in the
 * background, so the code request does not wait for it.
 */
export function EmailField({ portico }: ViewProps) {
  const { email: known } = useStore(portico.embedded.state)
  const [email, setEmail] = useState(() => known ?? portico.storage.getItem(StorageKey.email) ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const errorId = useId()
  const waitId = useId()
  // Shown once a request was refused for the cooldown, counting down to the moment it may be made.
  const [refused, setRefused] = useState(false)
  const [seconds, restartCountdown] = useCooldownSeconds(portico.embedded.cooldownLeftMs)
  const waiting = refused && seconds > 0

  useEffect(() => portico.embedded.preload(), [portico])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim().toLowerCase()
    if (!isValidEmail(value)) {
      setError('Enter a valid e-mail address')
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const action = await portico.embedded.connectEmail(value)
      if (action === 'VERIFY_OTP') portico.router.push('EmailVerifyOtp')
    } catch (caught) {
      const message = errorMessage(caught)
      const cooldown = caught instanceof EmbeddedError && caught.code === 'EMAIL_COOLDOWN'
      // The cooldown is a toast (behaviour §8) and frame failures are the modal's alert banner; other
      // refusals stay next to the field.
      if (cooldown) {
        portico.toast.showError(message)
        setRefused(true)
        restartCountdown()
      } else if (!(caught as { alert?: unknown }).alert) setError(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <div className="email-form">
        <input
          className="text-input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Email"
          aria-label="Email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : waiting ? waitId : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {/* Busy at once: the secure frame may take a while to answer, and the click must show it was heard. */}
        <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner small" aria-hidden="true" />}
          Continue
        </button>
      </div>
      {error && (
        <p role="alert" id={errorId} className="error">
          {error}
        </p>
      )}
      {/* Not a live region: the toast said it once; a count read out every second would drown the page. */}
      {waiting && (
        <p id={waitId} className="muted">
          {tryAgainAfter(seconds)}
        </p>
      )}
    </form>
  )
}
