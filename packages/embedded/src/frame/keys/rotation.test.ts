import { keyRotationProof } from '@portico/core/shared'
import { type Address, type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { encodeBytes } from './base64url.ts'
import type { KeyCall } from './custody.ts'
import { email, memoryStore } from './custody-fakes.ts'
import { completeRotation, finishPendingRotation, rotateKey } from './rotation.ts'
import { combineShares, decodeShare } from './shares.ts'

const old = privateKeyToAccount(generatePrivateKey())
const recordOf = (address: Address) => `project/${address.toLowerCase()}`
const passkey = async () => ({
  credentialId: encodeBytes(crypto.getRandomValues(new Uint8Array(32))),
  salt: encodeBytes(crypto.getRandomValues(new Uint8Array(32))),
  prfOutput: crypto.getRandomValues(new Uint8Array(32)),
})

/** The services' rotation routes, as the contract describes them: `finish` answers the new user. */
function services() {
  const paths: string[] = []
  let started: (Record<string, unknown> & { newAddress: Address; serverShare: string }) | undefined
  const call = (async (path: string, body?: Record<string, unknown>) => {
    paths.push(path)
    if (path === '/key/rotation/start') started = body as typeof started
    if (path === '/key/rotation/finish') return { user: { email, address: started?.newAddress } }
    return {}
  }) as KeyCall
  return { call, paths, started: () => started }
}

test('the new key is split passkey-first and proven by both keys; the old device share goes only after the services switched', async () => {
  const { store, records } = memoryStore()
  await store.write(recordOf(old.address), new Uint8Array(33).fill(7))
  const api = services()
  let recordsWhenMoving: string[] = []
  const user = await rotateKey({
    call: api.call,
    store,
    recordOf,
    email,
    kind: 'smartAccount',
    oldAddress: old.address,
    withOldKey: (use) => use(old),
    makePasskey: passkey,
    async move() {
      recordsWhenMoving = [...records.keys()]
      expect(api.paths).toEqual(['/key/rotation/start'])
    },
  })
  const body = api.started()
  if (!body) throw new Error('the rotation did not start')
  expect(api.paths).toEqual(['/key/rotation/start', '/key/rotation/finish'])
  expect(user.address).toBe(body.newAddress)
  // While the operation was on its way both device shares were here: either key could finish or go on.
  expect(recordsWhenMoving).toEqual([recordOf(old.address), recordOf(body.newAddress)])
  expect([...records.keys()]).toEqual([recordOf(body.newAddress)])
  // The device share and the server share make the new key; the recovery share is the passkey's.
  const device = await store.read(recordOf(body.newAddress))
  if (!device) throw new Error('no device share')
  const key = await combineShares(device, decodeShare(body.serverShare))
  expect(privateKeyToAccount(key).address).toBe(body.newAddress)
  expect(body.recovery).toMatchObject({ credentialId: expect.any(String), salt: expect.any(String) })
  const message = keyRotationProof(email, body as unknown as Parameters<typeof keyRotationProof>[1])
  expect(await verifyMessage({ address: old.address, message, signature: body.oldProof as Hex })).toBe(true)
  expect(await verifyMessage({ address: body.newAddress, message, signature: body.newProof as Hex })).toBe(
    true,
  )
})

test('a move that fails leaves the old key in place, and the services are never asked to switch', async () => {
  const { store, records } = memoryStore()
  await store.write(recordOf(old.address), new Uint8Array(33).fill(7))
  const api = services()
  const rotation = rotateKey({
    call: api.call,
    store,
    recordOf,
    email,
    kind: 'smartAccount',
    oldAddress: old.address,
    withOldKey: (use) => use(old),
    makePasskey: passkey,
    move: async () => {
      throw new Error('The operation reverted in the smart account')
    },
  })
  await expect(rotation).rejects.toThrow('reverted')
  expect(api.paths).toEqual(['/key/rotation/start'])
  expect(records.has(recordOf(old.address))).toBe(true)
})

/** The services with a rotation of `kind` waiting, to `address`: the step each call is, in order. */
function waiting(kind: 'eoa' | 'smartAccount', address: Address, steps: string[]) {
  return (async (path: string) => {
    steps.push(path)
    if (path === '/key/rotation/status') return { pending: { kind, address, account: null } }
    if (path === '/key/rotation/finish') return { user: { email, address } }
    return {}
  }) as KeyCall
}

test("a login does not finish an EOA's waiting rotation (its move may have stopped halfway), but does finish a smart account's", async () => {
  const next = privateKeyToAccount(generatePrivateKey()).address
  const { store, records } = memoryStore()
  await store.write(recordOf(old.address), new Uint8Array(33).fill(7))
  const eoaSteps: string[] = []
  const steps = { store, recordOf, oldAddress: old.address }
  expect(await finishPendingRotation({ ...steps, call: waiting('eoa', next, eoaSteps) })).toBeUndefined()
  expect(eoaSteps).toEqual(['/key/rotation/status'])
  expect(records.has(recordOf(old.address))).toBe(true)
  const ownerSteps: string[] = []
  const user = await finishPendingRotation({ ...steps, call: waiting('smartAccount', next, ownerSteps) })
  expect(user?.address).toBe(next)
  expect(ownerSteps).toEqual(['/key/rotation/status', '/key/rotation/finish'])
  expect(records.has(recordOf(old.address))).toBe(false)
})

test('a resumed rotation moves what is left before the services switch, and keeps the old device share until they did; a move that fails switches nothing', async () => {
  const next = privateKeyToAccount(generatePrivateKey()).address
  const { store, records } = memoryStore()
  await store.write(recordOf(old.address), new Uint8Array(33).fill(7))
  const order: string[] = []
  const steps = { call: waiting('eoa', next, order), store, recordOf, oldAddress: old.address }
  const failed = completeRotation(steps, next, async () => {
    throw new Error('The token refused the transfer.')
  })
  await expect(failed).rejects.toThrow('refused')
  expect(order).toEqual([])
  await completeRotation(steps, next, async (to) => {
    expect(records.has(recordOf(old.address))).toBe(true)
    order.push(`move to ${to}`)
  })
  expect(order).toEqual([`move to ${next}`, '/key/rotation/finish'])
  expect(records.has(recordOf(old.address))).toBe(false)
})
