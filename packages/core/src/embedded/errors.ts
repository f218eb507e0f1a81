import { errorMessage } from '../errors.ts'

/**
 * Why the embedded wallet refused, for code that branches on it; the message stays the words shown.
 * `UNLOCK_REQUIRED`: the login worked, and this device must be unlocked: with the user's passkey, or
 * with a code mailed to them and typed in the secure frame. `SETUP_REQUIRED`: the login made a new user,
 * whose wallet the frame makes once they answered its passkey offer.
 */
export type EmbeddedErrorCode = 'EMAIL_COOLDOWN' | 'UNLOCK_REQUIRED' | 'SETUP_REQUIRED'

/**
 * A refusal of the embedded wallet's controller. Callers match `code`, never the message text, so
 * the wording can follow the spec without breaking them.
 */
export class EmbeddedError extends Error {
  readonly code: EmbeddedErrorCode
  constructor(code: EmbeddedErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'EmbeddedError'
    this.code = code
  }
}

/**
 * The services name why they refused (`error.code` of their answer); the frame forwards the names the
 * page acts on as `reason`. The services' own cooldown (per address, behaviour §8) becomes the same
 * coded error as the controller's, so everything past the controller matches the code whichever
 * side refused.
 */
export function servicesCooldown(error: unknown): EmbeddedError | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  if ((error as { reason?: unknown }).reason !== 'EMAIL_COOLDOWN') return undefined
  return new EmbeddedError('EMAIL_COOLDOWN', errorMessage(error), { cause: error })
}
