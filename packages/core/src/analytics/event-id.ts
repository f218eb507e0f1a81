/**
 * A version 4 UUID for an event. `crypto.randomUUID` exists only in secure contexts (https and
 * localhost); a dapp opened over plain http on a LAN address still has `getRandomValues`.
 */
export function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return uuidFromRandomBytes(crypto.getRandomValues(new Uint8Array(16)))
}

/** RFC 9562 §5.4: the version nibble is 4 and the variant bits are 10. */
export function uuidFromRandomBytes(random: Uint8Array): string {
  const bytes = Uint8Array.from(random)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}
