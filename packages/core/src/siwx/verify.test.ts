import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { buildSiweMessage, parseSiweMessage, type SiweFields } from './message.ts'
import { checkSiweFields, ISSUED_AT_SKEW_MS, verifySiweMessage } from './verify.ts'

const signer = privateKeyToAccount(`0x${'11'.repeat(32)}`)
const NOW = new Date('2025-06-01T12:00:00Z')
const NONCE_ISSUED = new Date(NOW.getTime() - 30_000)
const fields = (patch: Partial<SiweFields> = {}): SiweFields => ({
  domain: 'shop.example',
  address: signer.address,
  uri: 'https://shop.example',
  version: '1',
  chainId: 1,
  nonce: 'abcdef0123456789',
  issuedAt: new Date(NOW.getTime() - 10_000).toISOString(),
  ...patch,
})
const check = (patch: Partial<SiweFields>) =>
  checkSiweFields(parseSiweMessage(buildSiweMessage(fields(patch))), {
    uriOrigins: ['https://shop.example'],
    nonceIssuedAt: NONCE_ISSUED,
    time: NOW,
  })
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString()

describe('URI binding', () => {
  it('accepts a URI on an allowed origin, with any path and a default port spelled out', () => {
    expect(check({})).toBeUndefined()
    expect(check({ uri: 'https://shop.example/login?next=%2F' })).toBeUndefined()
    expect(check({ uri: 'https://SHOP.example:443/' })).toBeUndefined()
  })

  it('refuses a URI on another origin even when the domain is right', () => {
    expect(check({ uri: 'https://evil.example/login' })).toBe('uri mismatch')
    expect(check({ uri: 'http://shop.example' })).toBe('uri mismatch')
    expect(check({ uri: 'https://shop.example:8443' })).toBe('uri mismatch')
    expect(check({ uri: 'https://shop.example.evil.example' })).toBe('uri mismatch')
    expect(check({ uri: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK' })).toBe('uri mismatch')
  })

  it('is unchecked without a list', () => {
    const parsed = parseSiweMessage(buildSiweMessage(fields({ uri: 'https://evil.example' })))
    expect(checkSiweFields(parsed, { time: NOW })).toBeUndefined()
  })
})

describe('Issued At against the nonce', () => {
  it('accepts a message written between the nonce and now, give or take the clock skew', () => {
    expect(check({ issuedAt: NONCE_ISSUED.toISOString() })).toBeUndefined()
    expect(check({ issuedAt: at(0) })).toBeUndefined()
    expect(
      check({ issuedAt: new Date(NONCE_ISSUED.getTime() - ISSUED_AT_SKEW_MS).toISOString() }),
    ).toBeUndefined()
    expect(check({ issuedAt: at(ISSUED_AT_SKEW_MS) })).toBeUndefined()
  })

  it('refuses a message issued long before its nonce', () => {
    expect(check({ issuedAt: '2001-01-01T00:00:00Z' })).toBe('issued before nonce')
    expect(check({ issuedAt: new Date(NONCE_ISSUED.getTime() - ISSUED_AT_SKEW_MS - 1).toISOString() })).toBe(
      'issued before nonce',
    )
  })

  it('refuses a message issued in the future beyond the skew', () => {
    expect(check({ issuedAt: at(ISSUED_AT_SKEW_MS + 1) })).toBe('issued in the future')
    expect(check({ issuedAt: '2999-01-01T00:00:00Z' })).toBe('issued in the future')
  })
})

describe('verifySiweMessage', () => {
  it('checks URI and Issued At before the signature', async () => {
    const message = buildSiweMessage(fields({ uri: 'https://evil.example/login' }))
    const signature = await signer.signMessage({ message })
    const base = { message, signature, time: NOW, nonceIssuedAt: NONCE_ISSUED }
    expect(await verifySiweMessage(base)).toMatchObject({ success: true })
    expect(await verifySiweMessage({ ...base, uriOrigins: ['https://shop.example'] })).toEqual({
      success: false,
      reason: 'uri mismatch',
    })
    const old = buildSiweMessage(fields({ issuedAt: '2001-01-01T00:00:00Z' }))
    expect(
      await verifySiweMessage({
        ...base,
        message: old,
        signature: await signer.signMessage({ message: old }),
      }),
    ).toEqual({ success: false, reason: 'issued before nonce' })
  })
})
