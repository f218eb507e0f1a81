import { WALLETCONNECT_PAIRING_MS } from '../constants.ts'

/**
 * A pairing URI the modal made is used for 4 minutes and counts as expired within 10 s of that end
 * (behaviour §4), so a wallet never scans a code that dies while it asks the user. The SDK itself makes pairings valid 5 minutes, so the URI's own `expiryTimestamp`
 * (Unix seconds) only matters when it is the earlier of the two.
 */
export function pairingExpiry(uri: string, createdAt: number): number {
  const own = createdAt + WALLETCONNECT_PAIRING_MS.lifetime
  const fromUri = uriExpiry(uri)
  return fromUri === undefined ? own : Math.min(own, fromUri)
}

export function isPairingExpired(expiresAt: number, now: number): boolean {
  return expiresAt - now <= WALLETCONNECT_PAIRING_MS.expiredWithin
}

/** How long the URI may still be shown: it is replaced when this reaches zero. */
export function usableFor(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - WALLETCONNECT_PAIRING_MS.expiredWithin - now)
}

/** `wc:<topic>@2?…&expiryTimestamp=<unix s>` → milliseconds, or undefined when it carries none. */
export function uriExpiry(uri: string): number | undefined {
  const query = uri.split('?')[1]
  if (!query) return undefined
  const value = new URLSearchParams(query).get('expiryTimestamp')
  if (!value || !/^\d+$/.test(value)) return undefined
  return Number(value) * 1000
}

/** `3:59`, `0:07`: what the countdown under the QR code reads. */
export function countdownText(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
