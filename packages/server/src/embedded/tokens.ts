import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

// Codes, session tokens and approval links are stored only as keyed hashes (hash-secret.ts).

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Six digits, uniformly drawn: `randomInt` avoids the modulo bias of `random % 1e6`. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}
