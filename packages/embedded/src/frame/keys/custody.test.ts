import { isAddressEqual, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createKeyCustody, type KeyCall, MissingKeyError, UnlockNeededError } from './custody.ts'
import { type Held, memoryStore, services, signerOf } from './custody-fakes.ts'
import { combineShares, decodeShare, splitKey } from './shares.ts'

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

describe('the key custody of the frame', () => {
  it('a new user: makes a key, keeps the device share, hands the other two over with a proof', async () => {
    const { store, records } = memoryStore()
    const held: Held = { state: 'none', address: null, recoveryAvailable: true }
    const { call } = services(held)
    const custody = createKeyCustody('project', store)
    // The wallet is made once the user answered the passkey offer; here they said "Not now".
    await expect(custody.ensureKey(call)).rejects.toThrow(UnlockNeededError)
    const wallet = custody.newWallet('ada@example.com')
    const user = await wallet.setUp(call)
    expect(user.address).toBe(wallet.address)
    expect(user.address).toBe(held.address)
    expect(held.recovery).toBe('operator')
    expect([...records.keys()]).toEqual([`project/${user.address.toLowerCase()}`])
    // Server and recovery shares alone give the key back: the operator's recovery works.
    const restored = privateKeyToAccount(
      await combineShares(decodeShare(held.serverShare as string), decodeShare(held.recoveryShare as string)),
    )
    expect(restored.address).toBe(user.address)
    const signature = await signerOf(custody, call, user.address)
    expect(await verifyMessage({ address: user.address, message: 'hi', signature })).toBe(true)
  })

  it('a new device that logged in without a code opens the wallet only after the mailed code, typed in the frame', async () => {
    const { held, address } = await sharedUser(false)
    Object.assign(held, { codeUnlocks: true, unlockCode: '424242' })
    const { call, paths } = services(held)
    const custody = createKeyCustody('project', memoryStore().store)
    const refused = await custody.ensureKey(call).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UnlockNeededError)
    expect((refused as UnlockNeededError).by).toBe('code')
    expect(paths).not.toContain('/key/recovery')
    const tried: string[] = []
    const user = await custody.restoreWithCode(call, async (redeem) => {
      // A wrong code stays on the card for another try; the right one opens the wallet.
      await redeem('111111').catch((error: Error) => tried.push(error.message))
      await redeem('424242')
    })
    expect(tried).toEqual(['Invalid code'])
    expect(user.address).toBe(address)
    expect(await custody.holdsKey(address)).toBe(true)
    const signature = await signerOf(custody, call, address)
    expect(await verifyMessage({ address, message: 'hi', signature })).toBe(true)
  })

  it('a new device whose login cannot open the wallet and no code can help is told to log in again', async () => {
    const { held, address } = await sharedUser(false)
    const { call, paths } = services(held)
    const custody = createKeyCustody('project', memoryStore().store)
    await expect(custody.ensureKey(call)).rejects.toThrow(MissingKeyError)
    expect(paths).not.toContain('/key/recovery')
    expect(await custody.holdsKey(address)).toBe(false)
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
    const wallet = createKeyCustody('project', store).newWallet('ada@example.com')
    await expect(wallet.setUp(refusing)).rejects.toThrow('already set up')
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
