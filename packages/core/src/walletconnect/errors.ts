/**
 * Why a WalletConnect connect failed, for the QR view to say. Its own module: only the SDK side
 * (`live.ts`) and the lazy views import it, so the first download does not carry these texts.
 */
export type WalletConnectErrorCode = 'RELAY_UNREACHABLE' | 'REJECTED' | 'CANCELLED'

/** Sentences the QR view shows; told apart by code, never by their words. */
export const WalletConnectText = {
  RELAY_UNREACHABLE: 'Cannot reach the WalletConnect relay. Check your connection and try again.',
  REJECTED: 'Connection declined in your wallet. Scan the new code to try again.',
  CANCELLED: 'Connection cancelled',
} as const satisfies Record<WalletConnectErrorCode, string>

export class WalletConnectError extends Error {
  readonly code: WalletConnectErrorCode
  constructor(code: WalletConnectErrorCode, cause?: unknown) {
    super(WalletConnectText[code], cause === undefined ? undefined : { cause })
    this.name = 'WalletConnectError'
    this.code = code
  }
}

/** The reason a WalletConnect connect failed, looked for along the error's causes. */
export function walletConnectErrorCode(error: unknown): WalletConnectErrorCode | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof WalletConnectError) return current.code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
