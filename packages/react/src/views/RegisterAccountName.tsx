import { createNameForm, type NameRegistration } from '@portico/core/internal'
import { useEffect, useId, useState } from 'react'
import { useStore } from '../hooks.ts'
import './account/account-css.ts'
import { useKept } from './kept.ts'
import './names/names-css.ts'
import { type NameCheckState, useNameCheck } from './names/use-name-check.ts'
import type { ViewProps } from './types.ts'

const RegisterNameText = {
  UNAVAILABLE: 'Names cannot be chosen right now. Try again in a moment.',
  CHECKING: 'Checking…',
  CHECK_FAILED: 'This name could not be checked. Keep typing or try again in a moment.',
  SIGNING: 'Confirm in your wallet…',
} as const

/**
 * Choosing an account name (behaviour §2 RegisterAccountName, §5 rules): the verdict on what was
 * typed after a pause, free alternatives for a taken name, then a signature in the wallet — in
 * the secure frame for the embedded wallet — and the success view.
 */
export default function RegisterAccountName({ portico }: ViewProps) {
  const { address } = useStore(portico.account)
  const [registration, setRegistration] = useState<NameRegistration>()
  const [unavailable, setUnavailable] = useState(false)
  const form = useKept(portico, 'RegisterAccountName', createNameForm)
  const { label, registering, error } = useStore(form.store)
  const check = useNameCheck(registration, label)
  const ids = { input: useId(), verdict: useId() }

  useEffect(() => {
    let live = true
    portico.names.loadRegistration().then(
      (loaded) => live && setRegistration(loaded),
      () => live && setUnavailable(true),
    )
    return () => {
      live = false
    }
  }, [portico])

  if (!address) return null
  if (unavailable)
    return (
      <p role="alert" className="error">
        {RegisterNameText.UNAVAILABLE}
      </p>
    )

  const verdict = verdictOf(check, error)
  const ready = check.kind === 'available' && check.label === label && !registering
  const submit = () => {
    if (!ready || !registration) return
    void form.submit(registration, address, () => {
      // The visitor may have closed the modal meanwhile; then the name is simply there next time.
      if (portico.router.store.getState().view === 'RegisterAccountName')
        portico.router.replace('RegisterAccountNameSuccess')
    })
  }

  return (
    <form
      className="stack name-form"
      noValidate
      aria-busy={registering}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <p className="muted">Apps show your name instead of your address. You can change it later.</p>
      <div className="field">
        <label htmlFor={ids.input}>Name</label>
        <div className="name-input">
          <input
            id={ids.input}
            value={label}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            disabled={registering}
            aria-invalid={verdict?.tone === 'problem'}
            aria-describedby={ids.verdict}
            onChange={(event) => form.setLabel(event.target.value)}
          />
          {registration && <span className="suffix">.{registration.suffix}</span>}
        </div>
      </div>
      <p id={ids.verdict} className={`verdict ${verdict?.tone ?? ''}`} role="status">
        {verdict?.text}
      </p>
      {check.kind === 'taken' && check.label === label && check.suggestions.length > 0 && (
        <>
          <p className="muted" id={`${ids.verdict}-picks`}>
            Free instead:
          </p>
          <ul className="picks" aria-labelledby={`${ids.verdict}-picks`}>
            {check.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className="secondary" onClick={() => form.setLabel(suggestion)}>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="submit" className="primary" disabled={!ready} aria-busy={registering}>
        {registering && <span className="spinner small" aria-hidden="true" />}
        {registering ? RegisterNameText.SIGNING : 'Choose name'}
      </button>
    </form>
  )
}

function verdictOf(
  check: NameCheckState,
  error: string | undefined,
): { text: string; tone: 'available' | 'problem' | 'neutral' } | undefined {
  if (error) return { text: error, tone: 'problem' }
  switch (check.kind) {
    case 'checking':
      return { text: RegisterNameText.CHECKING, tone: 'neutral' }
    case 'failed':
      return { text: RegisterNameText.CHECK_FAILED, tone: 'problem' }
    case 'invalid':
      return { text: check.problem, tone: 'problem' }
    case 'available':
      return { text: `${check.name} is available`, tone: 'available' }
    case 'taken':
      return { text: `${check.name} is taken`, tone: 'problem' }
    default:
      return undefined
  }
}
