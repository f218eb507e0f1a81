import { type EmbeddedErrorCode, PorticoError } from '@portico/core'
import type { Alert } from '@portico/core/internal'

/**
 * A frame failure; `alert` is the behaviour §8 alert the modal shows for it, when there is one. Its own
 * module so the connector can name it without pulling the frame client into the first bundle.
 */
export class FrameError extends PorticoError {
  /** Why the services refused, when the page acts on it (the controller matches it). */
  reason: EmbeddedErrorCode | undefined
  constructor(
    message: string,
    readonly alert?: Alert,
    code?: number,
    cause?: unknown,
  ) {
    super(message, { category: 'SECURE_SITE_ERROR', code, cause })
  }
}
