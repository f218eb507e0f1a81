import { describe, expect, it } from 'vitest'
import { countdownText, isPairingExpired, pairingExpiry, uriExpiry, usableFor } from './pairing.ts'

const created = 1_732_000_000_000
const uriEnding = (ms: number) =>
  `wc:ab@2?relay-protocol=irn&symKey=01&expiryTimestamp=${Math.floor(ms / 1000)}`

describe('pairing expiry (behaviour §4: 4 minutes, expired within 10 s)', () => {
  it('ends 4 minutes after creation when the URI lasts longer (the SDK gives 5)', () => {
    expect(pairingExpiry(uriEnding(created + 5 * 60_000), created)).toBe(created + 4 * 60_000)
  })
  it("ends with the URI's own expiry when that comes first", () => {
    expect(pairingExpiry(uriEnding(created + 60_000), created)).toBe(created + 60_000)
  })
  it('counts as expired within 10 s of the end, not before', () => {
    const end = created + 4 * 60_000
    expect(isPairingExpired(end, end - 10_001)).toBe(false)
    expect(isPairingExpired(end, end - 10_000)).toBe(true)
    expect(isPairingExpired(end, end + 1)).toBe(true)
  })
  it('is usable until 10 s before the end', () => {
    const end = created + 4 * 60_000
    expect(usableFor(end, created)).toBe(230_000)
    expect(usableFor(end, end - 5_000)).toBe(0)
  })
  it('reads expiryTimestamp only when it is a number of seconds', () => {
    expect(uriExpiry('wc:ab@2?relay-protocol=irn&symKey=01')).toBeUndefined()
    expect(uriExpiry('wc:ab@2?expiryTimestamp=abc')).toBeUndefined()
    expect(uriExpiry('wc:ab@2?expiryTimestamp=1732000300')).toBe(1_732_000_300_000)
  })
})

describe('countdownText', () => {
  it('reads minutes and seconds, rounded up, never below zero', () => {
    expect(countdownText(230_000)).toBe('3:50')
    expect(countdownText(6_500)).toBe('0:07')
    expect(countdownText(-5)).toBe('0:00')
  })
})
