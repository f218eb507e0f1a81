import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { openEnvelope, sealEnvelope } from './envelope.ts'
import { MASTER_KEY, parseSealingKey, RECOVERY_KEY } from './key-files.ts'
import { createKeyVault } from './keys.ts'

const masterKey = randomBytes(32)
const recoveryKey = randomBytes(32)
const vault = createKeyVault({ masterKey, recoveryKey })
const share = randomBytes(33)

test('a sealed share opens for its user and its kind only, and holds no plaintext share', () => {
  for (const kind of ['server', 'recovery'] as const) {
    const sealed = vault.sealShare(kind, 'user-1', share)
    expect(sealed).not.toContain(share.toString('base64'))
    expect(sealed).not.toContain(share.toString('base64url'))
    expect(vault.openShare(kind, 'user-1', sealed)).toEqual(share)
    expect(() => vault.openShare(kind, 'user-2', sealed)).toThrow()
  }
  expect(() => vault.openShare('recovery', 'user-1', vault.sealShare('server', 'user-1', share))).toThrow()
  expect(() => vault.openShare('server', 'user-1', vault.sealShare('recovery', 'user-1', share))).toThrow()
})

test('the recovery share does not open under MASTER_KEY, nor the server share under RECOVERY_KEY', () => {
  const recovery = vault.sealShare('recovery', 'user-1', share)
  for (const associatedData of ['recovery:user-1', 'share:user-1', 'user-1'])
    expect(() => openEnvelope(masterKey, associatedData, recovery)).toThrow()
  expect(() =>
    openEnvelope(recoveryKey, 'share:user-1', vault.sealShare('server', 'user-1', share)),
  ).toThrow()
})

test('an envelope opens only for its user, under its master key, unaltered', () => {
  const privateKey = randomBytes(32)
  const sealed = sealEnvelope(masterKey, 'user-1', privateKey)
  expect(vault.openLegacyKey('user-1', sealed)).toBe(`0x${privateKey.toString('hex')}`)
  expect(() => vault.openLegacyKey('user-2', sealed)).toThrow()
  expect(() =>
    createKeyVault({ masterKey: randomBytes(32), recoveryKey }).openLegacyKey('user-1', sealed),
  ).toThrow()
  const [version, iv, tag, body = ''] = sealed.split('.')
  const flipped = Buffer.from(body, 'base64')
  flipped[0] = (flipped[0] ?? 0) ^ 1
  expect(() =>
    vault.openLegacyKey('user-1', [version, iv, tag, flipped.toString('base64')].join('.')),
  ).toThrow()
})

test('the master and recovery keys must be 32 bytes of hex, and two different keys', () => {
  expect(parseSealingKey(MASTER_KEY, `0x${'ab'.repeat(32)}`).length).toBe(32)
  expect(() => parseSealingKey(MASTER_KEY, 'abc')).toThrow('MASTER_KEY must be 64 hex characters')
  expect(() => parseSealingKey(RECOVERY_KEY, 'abc')).toThrow('RECOVERY_KEY must be 64 hex characters')
  expect(() => createKeyVault({ masterKey: randomBytes(16), recoveryKey })).toThrow()
  expect(() => createKeyVault({ masterKey, recoveryKey: Buffer.from(masterKey) })).toThrow(
    'RECOVERY_KEY must differ from MASTER_KEY',
  )
})
