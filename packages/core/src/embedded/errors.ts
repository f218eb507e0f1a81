import { errorMessage } from '../errors.ts'

/** Why the e-mail login refused, for code that branches on it; the message stays the words shown. */
export type EmbeddedErrorCode = 'EMAIL_COOLDOWN'

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

// `tryAgainAfter`'s text, as the services answer their own cooldown (per address, SPEC §8).
const SERVICES_COOLDOWN = /^Please try again after \d+ seconds$/

/**
 * The services' cooldown reaches the page as a frame error without a code: the frame forwards only
 * numeric provider codes. It is recognised here, at the one boundary, by the catalogue's text, so
 * that everything past the controller matches the code whichever side refused.
 */
export function servicesCooldown(error: unknown): EmbeddedError | undefined {
  const message = errorMessage(error)
  if (!SERVICES_COOLDOWN.test(message)) return undefined
  return new EmbeddedError('EMAIL_COOLDOWN', message, { cause: error })
}
