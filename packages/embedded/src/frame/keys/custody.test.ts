import { type Address, type Hex, isAddressEqual, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { decodeBytes, encodeBytes } from './base64url.ts'
import {
  createKeyCustody,
  type KeyCall,
  MissingKeyError,
  PasskeyNeededError,
  passkeyProof,
  type ShareStore,
  setupProof,
} from './custody.ts'
import { PasskeyError, type PasskeyRef } from './passkey.ts'
import { combineShares, decodeShare, splitKey } from './shares.ts'

const email = 'ada@example.com'

/** This device's IndexedDB, as a map. */
function memoryStore() {
  const records = new Map<string, Uint8Array>()
  const store: ShareStore = {
    read: async (id) => (records.has(id) ? Uint8Array.from(records.get(id) as Uint8Array) : undefined),
    write: async (id, share) => void records.set(id, Uint8Array.from(share)),
    delete: async (id) => void records.delete(id),
  }
  return { records, store }
}

interface Held {
  state: 'none' | 'legacy' | 'shares'
  address: Address | null
  recoveryAvailable: boolean
  legacyKey?: Hex
  serverShare?: string
  recoveryShare?: string
  recovery?: 'operator' | 'passkey'
  passkey?: PasskeyRef
  /** The code /key/export accepts. */
  exportCode?: string
}

interface PasskeyBody {
  address: Address
  issuedAt: number
  proof: Hex
  serverShare: string
  recovery: { share: string; credentialId: string; salt: string }
}

/** The re-split's proof as the services spell it (key-routes.ts), not as the frame does. */
const servicesPasskeyProof = (mail: string, body: Omit<PasskeyBody, 'proof'>) =>
  [
    'Portico passkey recovery',
    `email: ${mail}`,
    `address: ${body.address}`,
    `issued at: ${body.issuedAt}`,
    `server share: ${body.serverShare}`,
    `recovery share: ${body.recovery.share}`,
  ].join('\n')

/** The services' key routes as the contract describes them, over one user's row. */
function services(held: Held) {
  const paths: string[] = []
  const passkeyBodies: PasskeyBody[] = []
  const user = () => ({
    email,
    address: held.address,
    chainId: 31337,
    accounts: held.address ? [{ address: held.address, type: 'eoa' as const }] : [],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  })
  const call = (async (path: string, body?: Record<string, unknown>) => {
    paths.push(path)
    switch (path) {
      case '/user':
        return user()
      case '/key/status':
        return {
          state: held.state,
          address: held.address,
          recovery: held.recovery ?? null,
          passkey: held.passkey ?? null,
          recoveryAvailable: held.recoveryAvailable,
        }
      case '/key/legacy':
        held.recoveryAvailable = false
        return { privateKey: held.legacyKey }
      case '/key/setup': {
        const { address, proof, serverShare, recovery } = body as {
          address: Address
          proof: Hex
          serverShare: string
          recovery: { kind: string; share: string }
        }
        expect(await verifyMessage({ address, message: setupProof(email, address), signature: proof })).toBe(
          true,
        )
        if (held.state === 'legacy') expect(address).toBe(held.address)
        expect(recovery.kind).toBe('operator')
        Object.assign(held, {
          state: 'shares',
          address,
          serverShare,
          recoveryShare: recovery.share,
          recovery: 'operator',
        })
        return { user: user() }
      }
      case '/key/passkey': {
        const sent = body as unknown as PasskeyBody
        passkeyBodies.push(sent)
        if (!held.address || !isAddressEqual(sent.address, held.address)) throw new Error('another wallet')
        const { proof, ...signed } = sent
        const message = servicesPasskeyProof(email, signed)
        if (!(await verifyMessage({ address: held.address, message, signature: proof })))
          throw new Error('The key proof does not match the address')
        const { share, credentialId, salt } = sent.recovery
        Object.assign(held, {
          serverShare: sent.serverShare,
          recoveryShare: share,
          recovery: 'passkey',
          passkey: { credentialId, salt },
        })
        return { user: { ...user(), recovery: 'passkey' } }
      }
      case '/key/share':
        return { serverShare: held.serverShare }
      case '/key/recovery':
        // Once per fresh login.
        if (!held.recoveryAvailable) throw new Error('Recovery needs a fresh login')
        held.recoveryAvailable = false
        return held.recovery === 'passkey'
          ? { kind: 'passkey', share: held.recoveryShare, ...held.passkey }
          : { kind: 'operator', share: held.recoveryShare }
      case '/key/export':
        expect(body).toEqual({ otp: expect.any(String) })
        if (!held.exportCode || body?.otp !== held.exportCode) throw new Error('Invalid code')
        return { serverShare: held.serverShare }
      default:
        throw new Error(`no route ${path}`)
    }
  }) as KeyCall
  return { call, paths, passkeyBodies }
}

/** A user whose key is already split, as another device set it up. */
async function sharedUser(recoveryAvailable: boolean) {
  const privateKey = generatePrivateKey()
  const { server, recovery } = await splitKey(privateKey)
  const address = privateKeyToAccount(privateKey).address
  const held: Held = {
    state: 'shares',
    address,
    recoveryAvailable,
    serverShare: server,
    recoveryShare: recovery,
    recovery: 'operator',
  }
  return { held, address }
}

const signerOf = (custody: ReturnType<typeof createKeyCustody>, call: KeyCall, address: Address) =>
  custody.withKey(call, address)((account) => account.signMessage({ message: 'hi' }))

describe('the key custody of the frame', () => {
  it('a new user: makes a key, keeps the device share, hands the other two over with a proof', async () => {
    const { store, records } = memoryStore()
    const held: Held = { state: 'none', address: null, recoveryAvailable: true }
    const { call } = services(held)
    const custody = createKeyCustody('project', store)
    const user = await custody.ensureKey(call)
    expect(user.address).toBe(held.address)
    expect([...records.keys()]).toEqual([`project/${user.address.toLowerCase()}`])
    // Server and recovery shares alone give the key back: the operator's recovery works.
    const restored = privateKeyToAccount(
      await combineShares(decodeShare(held.serverShare as string), decodeShare(held.recoveryShare as string)),
    )
    expect(restored.address).toBe(user.address)
    const signature = await signerOf(custody, call, user.address)
    expect(await verifyMessage({ address: user.address, message: 'hi', signature })).toBe(true)
  })

  it('a legacy user right after a login: the whole key is reshared under the same address', async () => {
    const legacyKey = generatePrivateKey()
    const address = privateKeyToAccount(legacyKey).address
    const held: Held = { state: 'legacy', address, recoveryAvailable: true, legacyKey }
    const { call } = services(held)
    const custody = createKeyCustody('project', memoryStore().store)
    expect((await custody.ensureKey(call)).address).toBe(address)
    expect(held.state).toBe('shares')
    expect(await custody.holdsKey(address)).toBe(true)
  })

  it('a legacy user on an old session is asked to log in again, and nothing is moved', async () => {
    const legacyKey = generatePrivateKey()
    const held: Held = {
      state: 'legacy',
      address: privateKeyToAccount(legacyKey).address,
      recoveryAvailable: false,
      legacyKey,
    }
    const { call, paths } = services(held)
    await expect(createKeyCustody('project', memoryStore().store).ensureKey(call)).rejects.toThrow(
      MissingKeyError,
    )
    expect(paths).not.toContain('/key/legacy')
  })

  it('a device that holds its share asks for nothing more', async () => {
    const { held, address } = await sharedUser(true)
    const { store } = memoryStore()
    const first = services(held)
    const custody = createKeyCustody('project', store)
    await custody.ensureKey(first.call)
    const again = services(held)
    expect((await custody.ensureKey(again.call)).address).toBe(address)
    expect(again.paths.sort()).toEqual(['/key/status', '/user'])
  })

  it('a new device restores from the recovery share after a fresh login, and signs for the same address', async () => {
    const { held, address } = await sharedUser(true)
    const { call } = services(held)
    const custody = createKeyCustody('project', memoryStore().store)
    expect(await custody.holdsKey(address)).toBe(false)
    expect((await custody.ensureKey(call)).address).toBe(address)
    const signature = await signerOf(custody, call, address)
    expect(await verifyMessage({ address, message: 'hi', signature })).toBe(true)
  })

  it('a new device on a session too old to take the recovery share is told to sign in again', async () => {
    const { held } = await sharedUser(false)
    const { call, paths } = services(held)
    await expect(createKeyCustody('project', memoryStore().store).ensureKey(call)).rejects.toThrow(
      'This device does not hold your wallet key yet. Sign in again with your e-mail to restore it.',
    )
    expect(paths).not.toContain('/key/recovery')
  })

  it('a setup the services refuse leaves no device share behind', async () => {
    const { store, records } = memoryStore()
    const held: Held = { state: 'none', address: null, recoveryAvailable: true }
    const { call } = services(held)
    const refusing = (async (path: string, body?: object) => {
      if (path === '/key/setup') throw new Error("This wallet's key is already set up")
      return call(path, body)
    }) as KeyCall
    await expect(createKeyCustody('project', store).ensureKey(refusing)).rejects.toThrow('already set up')
    expect(records.size).toBe(0)
  })

  it('a device share of another split is dropped, not used to sign', async () => {
    const { held, address } = await sharedUser(true)
    const { store, records } = memoryStore()
    const custody = createKeyCustody('project', store)
    await custody.ensureKey(services(held).call)
    // The services' shares were replaced (a restored database): this device's share no longer fits.
    const replaced = await sharedUser(true)
    const { call } = services({ ...replaced.held, address })
    await expect(signerOf(custody, call, address)).rejects.toThrow(MissingKeyError)
    expect(records.size).toBe(0)
    expect(isAddressEqual(address, replaced.address)).toBe(false)
  })
})

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
  const { address } = await custody.ensureKey(first.call)
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
    expect(await verifies(servicesPasskeyProof(email, signed))).toBe(true)
    const { issuedAt, serverShare, recovery } = signed
    expect(passkeyProof(email, address, issuedAt, serverShare, recovery.share)).toBe(
      servicesPasskeyProof(email, signed),
    )
    const others = [
      { ...signed, serverShare: (await splitKey(generatePrivateKey())).server },
      { ...signed, recovery: { ...signed.recovery, share: encodeBytes(random(61)) } },
      { ...signed, issuedAt: signed.issuedAt + 1 },
      { ...signed, address: privateKeyToAccount(generatePrivateKey()).address },
    ]
    for (const other of others) expect(await verifies(servicesPasskeyProof(email, other))).toBe(false)
    expect(await verifies(servicesPasskeyProof('eve@example.com', signed))).toBe(false)
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
    await expect(fresh.ensureKey(call)).rejects.toThrow(PasskeyNeededError)
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
    const { address } = await custody.ensureKey(call)
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
