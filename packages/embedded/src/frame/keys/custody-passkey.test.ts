import { passkeyResplitProof } from '@portico/core/shared'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { decodeBytes, encodeBytes } from './base64url.ts'
import { createKeyCustody, MissingKeyError, UnlockNeededError } from './custody.ts'
import { email, type Held, memoryStore, type PasskeyBody, services, signerOf } from './custody-fakes.ts'
import { PasskeyError, type PasskeyRef } from './passkey.ts'
import { combineShares, decodeShare, splitKey } from './shares.ts'

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))

/** A passkey as the frame makes it: its reference, and the PRF output its authenticator gives for the salt. */
const newPasskey = () => ({
  credentialId: encodeBytes(random(16)),
  salt: encodeBytes(random(32)),
  prfOutput: random(32),
})

/** The address two shares give, or undefined when they do not combine at all. */
const addressFrom = (first: Uint8Array, second: Uint8Array) =>
  combineShares(first, second).then(
    (privateKey) => privateKeyToAccount(privateKey).address,
    () => undefined,
  )

/** A user who set their wallet up on one device, then moved its recovery to a passkey there. */
async function passkeyUser() {
  const held: Held = { state: 'none', address: null, recoveryAvailable: true }
  const device = memoryStore()
  const custody = createKeyCustody('project', device.store)
  const first = services(held)
  const { address } = await custody.newWallet(email).setUp(first.call)
  const record = `project/${address.toLowerCase()}`
  const before = {
    serverShare: held.serverShare as string,
    recoveryShare: held.recoveryShare as string,
    device: Uint8Array.from(device.records.get(record) as Uint8Array),
  }
  const passkey = newPasskey()
  await custody.protectWithPasskey(first.call, email, address, passkey)
  return { held, address, passkey, before, custody, first, records: device.records, record }
}

describe('a passkey made before the wallet', () => {
  it('seals the recovery share under the passkey at the first setup: no operator share ever exists', async () => {
    const held: Held = { state: 'none', address: null, recoveryAvailable: false }
    const { call } = services(held)
    const custody = createKeyCustody('project', memoryStore().store)
    const wallet = custody.newWallet(email)
    const passkey = newPasskey()
    const user = await wallet.setUp(call, passkey)
    expect(user.address).toBe(wallet.address)
    expect(held.recovery).toBe('passkey')
    expect(held.passkey).toEqual({ credentialId: passkey.credentialId, salt: passkey.salt })
    // What the services hold for recovery is sealed: with the server share it gives no key.
    expect(() => decodeShare(held.recoveryShare as string)).toThrow()
    const signature = await signerOf(custody, call, wallet.address)
    expect(await verifyMessage({ address: wallet.address, message: 'hi', signature })).toBe(true)
  })
})

describe('recovery moved to a passkey', () => {
  it("the services hold a new server share that, with this device's new share, signs for the same address", async () => {
    const { held, address, passkey, before, custody, first, records, record } = await passkeyUser()
    expect(held.serverShare).not.toBe(before.serverShare)
    expect(held.recovery).toBe('passkey')
    expect(held.passkey).toEqual({ credentialId: passkey.credentialId, salt: passkey.salt })
    expect(records.get(record)).not.toEqual(before.device)
    const signature = await signerOf(custody, first.call, address)
    expect(await verifyMessage({ address, message: 'hi', signature })).toBe(true)
  })

  it("the operator's old recovery share combines with nothing the services now hold", async () => {
    const { held, address, before } = await passkeyUser()
    const server = decodeShare(held.serverShare as string)
    expect(await addressFrom(decodeShare(before.recoveryShare), server)).not.toBe(address)
  })

  it('the proof verifies for exactly the body sent, and for no other share, time, wallet or e-mail', async () => {
    const { address, first } = await passkeyUser()
    expect(first.passkeyBodies).toHaveLength(1)
    const { proof, ...signed } = first.passkeyBodies[0] as PasskeyBody
    expect(Math.abs(Date.now() - signed.issuedAt)).toBeLessThan(60_000)
    const verifies = (message: string) => verifyMessage({ address, message, signature: proof })
    // The wording is the services' own (one definition in @portico/core, which key-routes.ts verifies).
    expect(await verifies(passkeyResplitProof(email, signed))).toBe(true)
    const others = [
      { ...signed, serverShare: (await splitKey(generatePrivateKey())).server },
      { ...signed, recovery: { ...signed.recovery, share: encodeBytes(random(61)) } },
      { ...signed, issuedAt: signed.issuedAt + 1 },
      { ...signed, address: privateKeyToAccount(generatePrivateKey()).address },
    ]
    for (const other of others) expect(await verifies(passkeyResplitProof(email, other))).toBe(false)
    expect(await verifies(passkeyResplitProof('eve@example.com', signed))).toBe(false)
  })

  it('what the services keep for recovery is sealed: 61 bytes, not a share, and no part of it combines with the server share', async () => {
    const { held, address } = await passkeyUser()
    const sealed = decodeBytes(held.recoveryShare as string)
    expect(sealed).toHaveLength(61)
    expect(() => decodeShare(held.recoveryShare as string)).toThrow('A key share has the wrong length')
    for (let offset = 0; offset + 33 <= sealed.length; offset++) {
      const window = sealed.slice(offset, offset + 33)
      expect(await addressFrom(window, decodeShare(held.serverShare as string))).not.toBe(address)
    }
  })
})

describe('a new device of a passkey user', () => {
  /** The passkey user after a fresh e-mail login on a device that holds nothing. */
  async function onNewDevice() {
    const user = await passkeyUser()
    user.held.recoveryAvailable = true
    const device = memoryStore()
    return { ...user, fresh: createKeyCustody('project', device.store), next: device.records }
  }

  it('is asked for the passkey, and the one release of the recovery share is not spent', async () => {
    const { held, fresh, next } = await onNewDevice()
    const { call, paths } = services(held)
    await expect(fresh.ensureKey(call)).rejects.toThrow(UnlockNeededError)
    expect(paths).not.toContain('/key/recovery')
    expect(held.recoveryAvailable).toBe(true)
    expect(next.size).toBe(0)
  })

  it("with the user's passkey keeps the recovery share and signs for the same address, as the first device still does", async () => {
    const { held, address, passkey, custody, first, fresh } = await onNewDevice()
    const { call } = services(held)
    const asked: PasskeyRef[] = []
    await fresh.restoreWithPasskey(call, async (ref) => {
      asked.push(ref)
      return passkey.prfOutput
    })
    expect(asked).toEqual([{ credentialId: passkey.credentialId, salt: passkey.salt }])
    for (const [device, deviceCall] of [
      [fresh, call],
      [custody, first.call],
    ] as const) {
      const signature = await signerOf(device, deviceCall, address)
      expect(await verifyMessage({ address, message: 'hi', signature })).toBe(true)
    }
  })

  it("with a passkey whose PRF output is not this wallet's: other-account, and nothing kept", async () => {
    const { held, fresh, next } = await onNewDevice()
    const error = await fresh
      .restoreWithPasskey(services(held).call, async () => random(32))
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PasskeyError)
    expect((error as PasskeyError).failure).toBe('other-account')
    expect(next.size).toBe(0)
  })

  it('a cancelled passkey prompt fetches no share and keeps none, so the retry still can', async () => {
    const { held, address, passkey, fresh, next } = await onNewDevice()
    const { call, paths } = services(held)
    const error = await fresh
      .restoreWithPasskey(call, async () => {
        throw new PasskeyError('cancelled')
      })
      .catch((caught: unknown) => caught)
    expect((error as PasskeyError).failure).toBe('cancelled')
    expect(paths).not.toContain('/key/recovery')
    expect(next.size).toBe(0)
    await fresh.restoreWithPasskey(call, async () => passkey.prfOutput)
    expect(await fresh.holdsKey(address)).toBe(true)
  })
})

describe('export of the private key', () => {
  async function exporting() {
    const held: Held = { state: 'none', address: null, recoveryAvailable: true, exportCode: '246810' }
    const { call } = services(held)
    const custody = createKeyCustody('project', memoryStore().store)
    const { address } = await custody.newWallet(email).setUp(call)
    return { held, call, custody, address }
  }

  it("after the mailed code, gives the private key of the user's address", async () => {
    const { call, custody, address } = await exporting()
    const privateKey = await custody.exportKey(call, address, '246810')
    expect(privateKeyToAccount(privateKey).address).toBe(address)
  })

  it('after recovery moved to a passkey, gives the same key', async () => {
    const { held, address, custody, first } = await passkeyUser()
    held.exportCode = '135790'
    const privateKey = await custody.exportKey(first.call, address, '135790')
    expect(privateKeyToAccount(privateKey).address).toBe(address)
  })

  it('a device without its share gives no key', async () => {
    const { held, address } = await exporting()
    const elsewhere = createKeyCustody('project', memoryStore().store)
    await expect(elsewhere.exportKey(services(held).call, address, '246810')).rejects.toThrow(MissingKeyError)
  })

  it("a code the services refuse: their error reaches the frame's screen, and no key", async () => {
    const { call, custody, address } = await exporting()
    await expect(custody.exportKey(call, address, '000000')).rejects.toThrow('Invalid code')
  })
})
