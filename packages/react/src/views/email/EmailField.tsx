import { StorageKey } from '@portico/core/internal'
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { useStore } from '../../hooks.ts'
import { lazyPart, useLazyPart } from '../lazy-part.ts'
import type { ViewProps } from '../types.ts'
import './email-field-css.ts'

// What the field does once submitted follows its first paint: it is in by the time an address is typed.
const sendCode = lazyPart(() => import('./send-code.tsx'))

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
  // Each refusal for the cooldown counts down afresh, to the moment a new code may be asked for.
  const [refusals, setRefusals] = useState(0)
  const [waiting, setWaiting] = useState(false)
  const ended = useCallback(() => setWaiting(false), [])
  const code = useLazyPart(sendCode, true)

  useEffect(() => portico.embedded.preload(), [portico])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const refuse = () => {
      setRefusals((count) => count + 1)
      setWaiting(true)
    }
    try {
      const { sendEmailCode } = code ?? (await sendCode.load())
      await sendEmailCode(portico, email, { setError, setBusy, refuse })
    } catch {
      setError('Check your connection and try again')
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
      {waiting && code && <code.CooldownLine key={refusals} portico={portico} id={waitId} ended={ended} />}
    </form>
  )
}
