/** Why the e-mail login refused, for code that branches on it; the message stays the words shown. */
export type EmbeddedErrorCode = 'EMAIL_COOLDOWN'

/**
 * A refusal of the embedded wallet's controller. Callers match `code`, never the message text, so
 * the wording can follow the spec without breaking them.
 */
export class EmbeddedError extends Error {
  readonly code: EmbeddedErrorCode
  constructor(code: EmbeddedErrorCode, message: string) {
    super(message)
    this.name = 'EmbeddedError'
    this.code = code
  }
}
