import type { Portico } from '@portico/core'
import { EmbeddedError } from '@portico/core'
import { errorMessage, isValidEmail } from '@portico/core/internal'
import { tryAgainAfter } from '@portico/core/shared'
import { useEffect } from 'react'
import { useCooldownSeconds } from './use-cooldown.ts'

/** What the e-mail field shows while (and after) a code is asked for. */
export interface EmailFieldState {
  setError(message: string | undefined): void
  setBusy(busy: boolean): void
  /** The services refused for the cooldown: the field counts down to when it may ask again. */
  refuse(): void
}

/**
 * The e-mail field's submit: checks the address, asks the secure frame for a code and goes on to the
 * code's view. A chunk of its own, fetched once the field is shown: Connect's first paint does not
 * need it.
 */
export async function sendEmailCode(portico: Portico, typed: string, field: EmailFieldState) {
  const value = typed.trim().toLowerCase()
  if (!isValidEmail(value)) {
    field.setError('Enter a valid e-mail address')
    return
  }
  field.setError(undefined)
  field.setBusy(true)
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
      field.refuse()
    } else if (!(caught as { alert?: unknown }).alert) field.setError(message)
  } finally {
    field.setBusy(false)
  }
}

/**
 * The count down to the moment a new code may be asked for, shown after a refusal for the cooldown;
 * `ended` is called when it reaches zero. Not a live region: the toast said it once; a count read out
 * every second would drown the page.
 */
export function CooldownLine({ portico, id, ended }: { portico: Portico; id: string; ended(): void }) {
  const [seconds] = useCooldownSeconds(portico.embedded.cooldownLeftMs)
  useEffect(() => {
    if (seconds <= 0) ended()
  }, [seconds, ended])
  if (seconds <= 0) return null
  return (
    <p id={id} className="muted">
      {tryAgainAfter(seconds)}
    </p>
  )
}
