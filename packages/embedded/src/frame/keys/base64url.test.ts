import { describe, expect, it } from 'vitest'
import { decodeBytes, encodeBytes } from './base64url.ts'

/** The services accept a value only in the one spelling Node gives its bytes (key-routes.ts). */
const servicesSpelling = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

describe('base64url, as key values travel', () => {
  it('spells any length and every byte value as the services do, and reads it back', () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, index) => index)
    // Lengths around each padding case: salts are 32 bytes, sealed shares 61, credential ids any.
    for (const length of [0, 1, 2, 3, 4, 5, 32, 61, 256]) {
      const bytes = everyByte.slice(256 - length)
      const text = encodeBytes(bytes)
      expect(text).toBe(servicesSpelling(bytes))
      expect(decodeBytes(text)).toEqual(bytes)
    }
  })

  it('refuses standard base64 and padding rather than reading other bytes', () => {
    for (const text of ['+/8', 'AA==', 'AAA=', 'AB CD'])
      expect(() => decodeBytes(text)).toThrow('not base64url')
    expect(decodeBytes('-_8')).toEqual(Uint8Array.from([0xfb, 0xff]))
  })
})
