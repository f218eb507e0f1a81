import { randomBytes } from 'node:crypto'
import { recoverMessageAddress } from 'viem'
import { expect, test } from 'vitest'
import { createKeyVault, parseMasterKey, unsealKey } from './keys.ts'

const master = randomBytes(32)

test('a sealed key signs for its address and holds no plaintext key', async () => {
  const vault = createKeyVault(master)
  const { address, sealed } = vault.create('user-1')
  const privateKey = unsealKey(master, 'user-1', sealed)
  expect(sealed).not.toContain(privateKey.slice(2))
  expect(sealed).not.toContain(Buffer.from(privateKey.slice(2), 'hex').toString('base64'))
  const signature = await vault.withAccount('user-1', sealed, (account) =>
    account.signMessage({ message: 'hi' }),
  )
  expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(address)
})

test('an envelope opens only for its user, under its master key, unaltered', () => {
  const { sealed } = createKeyVault(master).create('user-1')
  expect(() => unsealKey(master, 'user-2', sealed)).toThrow()
  expect(() => unsealKey(randomBytes(32), 'user-1', sealed)).toThrow()
  const [version, iv, tag, body = ''] = sealed.split('.')
  const flipped = Buffer.from(body, 'base64')
  flipped[0] = (flipped[0] ?? 0) ^ 1
  expect(() =>
    unsealKey(master, 'user-1', [version, iv, tag, flipped.toString('base64')].join('.')),
  ).toThrow()
})

test('the master key must be 32 bytes of hex', () => {
  expect(parseMasterKey(`0x${'ab'.repeat(32)}`).length).toBe(32)
  expect(() => parseMasterKey('abc')).toThrow('MASTER_KEY must be 64 hex characters')
  expect(() => createKeyVault(randomBytes(16))).toThrow()
})
