import fc from 'fast-check'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { uuidFromRandomBytes } from './event-id.ts'

test('any 16 random bytes make a version 4 UUID the services accept', () => {
  const accepted = z.uuid()
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
      const id = uuidFromRandomBytes(bytes)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(accepted.safeParse(id).success).toBe(true)
    }),
  )
})

test('different bytes give different ids', () => {
  expect(uuidFromRandomBytes(new Uint8Array(16))).not.toBe(uuidFromRandomBytes(new Uint8Array(16).fill(255)))
})
