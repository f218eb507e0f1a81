import { DEV_ACCOUNTS } from '@portico/contracts'
import { porticoAccountAbi } from '@portico/core/shared'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  hashMessage,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
// The secure frame's own code, run here against the services it calls (it has no DOM dependency).
import { ApiError } from '../../../embedded/src/frame/api.ts'
import { createSmartAccounts } from '../../../embedded/src/frame/smart-account/accounts.ts'
import type { Bundler } from '../bundler/service.ts'
import { startBundler } from '../bundler/service.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  type AccountAbstractionChain,
  bundlerConfigOf,
  startAccountAbstractionChain,
} from '../test-support/bundler.ts'
import { type FrameApp, startFrameApp } from '../test-support/frame-call.ts'
import {
  addressOfShares,
  type FrameKey,
  newFrameKey,
  resplitForPasskey,
  rotationBody,
  setUpKeyAsFrame,
  shareBytes,
} from '../test-support/frame-keys.ts'
import { RotationText } from './key-rotation-routes.ts'

let aa: AccountAbstractionChain
beforeAll(async () => {
  aa = await startAccountAbstractionChain()
})
afterAll(async () => {
  await aa?.stop()
})

describeEachBackend('key rotation', (backend) => {
  let testDb: TestDatabase
  let bundler: Bundler
  let frame: FrameApp
  beforeAll(async () => {
    testDb = await backend.open()
    bundler = startBundler(
      testDb.database,
      bundlerConfigOf(aa, { operationsPerSenderPerDay: 10, weiPerDay: parseEther('1') }),
      {
        warn: () => {},
        idleMs: 200,
      },
    )
    frame = await startFrameApp(testDb.database, {
      chain: { rpcUrl: aa.chain.rpcUrl, chainId: anvil.id },
      bundler,
    })
  })
  afterAll(async () => {
    await frame?.close()
    await bundler?.stop()
    await testDb?.dispose()
  })

  const chain = () =>
    createPublicClient({ chain: anvil, transport: http(aa.chain.rpcUrl), pollingInterval: 20 })
  const fund = (address: Address, value: bigint) =>
    createTestClient({ mode: 'anvil', chain: anvil, transport: http(aa.chain.rpcUrl) }).setBalance({
      address,
      value,
    })
  type Session = Awaited<ReturnType<FrameApp['login']>>

  /** The frame's smart accounts, reaching the bundler through the session's `/v1/auth/bundler`. */
  function frameAccounts(session: Session) {
    const read = async (method: string, params: unknown[]) => chain().request({ method, params } as never)
    const accounts = createSmartAccounts(
      { entryPoint: aa.contracts.entryPoint, factory: aa.contracts.factory, sponsored: true },
      anvil.id,
      read,
      async (method, params) => {
        const answer = (await frame.call('/bundler', { method, params }, session)).json()
        if (answer.error) throw new ApiError(answer.error.message, 400, answer.error.code)
        return answer.result
      },
    )
    return accounts
  }
  const withKeyOf =
    (key: FrameKey) =>
    <T>(use: (account: ReturnType<typeof privateKeyToAccount>) => Promise<T>) =>
      use(privateKeyToAccount(key.privateKey))

  /** The key the services' server share makes with `share`, as the frame combines them. */
  const keyWith = async (session: Session, share: Uint8Array) => {
    const { serverShare } = (await frame.call('/key/share', {}, session)).json()
    return addressOfShares(share, shareBytes(serverShare))
  }

  test('a smart account: nothing is swapped until the chain shows the new owner; then the address stays, the new key signs and the old shares open nothing', async () => {
    const email = `rotate-smart-${backend.name}@example.com`
    const session = await frame.login(email)
    const call = frame.as(session)
    const old = await setUpKeyAsFrame(call, email)
    expect((await call('/key/status', {})).json()).toMatchObject({
      recovery: 'operator',
      rotationAdvised: true,
    })
    const next = await resplitForPasskey(await newFrameKey())

    // Refused: the new key's recovery share for the operator (not passkey-first), a proof the old key
    // did not sign, or the new key's proof by someone else.
    const body = await rotationBody(old, next, email)
    const asOperator = { ...body, recovery: { kind: 'operator', share: next.recovery } }
    expect((await call('/key/rotation/start', asOperator)).statusCode).toBe(400)
    const stranger = DEV_ACCOUNTS[9].privateKey
    for (const signers of [{ old: stranger }, { new: stranger }]) {
      const forged = await call('/key/rotation/start', await rotationBody(old, next, email, { signers }))
      expect(forged.json().error.message).toBe(RotationText.PROOF_MISMATCH)
    }

    const started = await call('/key/rotation/start', body)
    expect(started.statusCode).toBe(200)
    const accounts = frameAccounts(session)
    const account = (await accounts.stateOf(old.address)).address
    expect(started.json()).toEqual({ account })
    expect((await call('/key/rotation/status', {})).json()).toEqual({
      pending: { kind: 'smartAccount', address: next.address, account },
    })

    // The frame's word is not enough: the chain has not seen the change, so the old key stays.
    const early = await call('/key/rotation/finish', {})
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe(RotationText.OWNER_NOT_CHANGED)
    expect(await keyWith(session, old.device)).toBe(old.address)

    // The old key signs setOwner(new key) as a user operation; the account pays its gas.
    await fund(account, parseEther('1'))
    const setOwner = encodeFunctionData({
      abi: porticoAccountAbi,
      functionName: 'setOwner',
      args: [next.address],
    })
    const operation = await accounts.send(
      old.address,
      [{ to: account, value: 0n, data: setOwner }],
      withKeyOf(old),
    )
    await accounts.mined(operation)

    const finished = await call('/key/rotation/finish', {})
    expect(finished.statusCode).toBe(200)
    expect(finished.json().user).toMatchObject({
      address: next.address,
      smartAccount: account,
      recovery: 'passkey',
      rotationAdvised: false,
    })
    expect((await call('/user', {})).json()).toMatchObject({ address: next.address, smartAccount: account })
    expect((await call('/key/rotation/status', {})).json()).toEqual({ pending: null })
    expect((await call('/key/status', {})).json()).toMatchObject({
      rotationAdvised: false,
      recovery: 'passkey',
    })

    // The new device share and the services' server share are the new key; the old device share and
    // the old operator recovery share each make something else with it.
    expect(await keyWith(session, next.device)).toBe(next.address)
    for (const share of [old.device, shareBytes(old.recovery)]) {
      const made = await keyWith(session, share).catch(() => undefined)
      expect([old.address, next.address]).not.toContain(made)
    }

    // The frame, told the account by the services, signs with the new key at the same address.
    const after = frameAccounts(session)
    after.remember(next.address, account)
    const signature = await after.sign(next.address, hashMessage('after the rotation'), withKeyOf(next))
    expect(await chain().verifyMessage({ address: account, message: 'after the rotation', signature })).toBe(
      true,
    )
    const stale = await after.sign(next.address, hashMessage('after the rotation'), withKeyOf(old))
    expect(
      await chain().verifyMessage({ address: account, message: 'after the rotation', signature: stale }),
    ).toBe(false)
    // …and its operations go through the services' bundler for the remembered account, which the
    // paymaster still takes for the session's own.
    expect(await after.sponsoredNow(next.address)).toBe(true)
    const paid = await after.send(
      next.address,
      [{ to: DEV_ACCOUNTS[6].address, value: 1n, data: '0x' }],
      withKeyOf(next),
    )
    expect(await after.mined(paid)).toMatch(/^0x[0-9a-f]{64}$/)

    // Finished once: a second finish, or a replayed start of the old key, changes nothing.
    expect((await call('/key/rotation/finish', {})).json().error.message).toBe(RotationText.NONE_WAITING)
    expect((await call('/key/rotation/start', body)).statusCode).toBe(400)
  })

  test('a rotation whose owner change is on chain cannot be replaced by another before it is finished', async () => {
    const email = `rotate-resume-${backend.name}@example.com`
    const session = await frame.login(email)
    const call = frame.as(session)
    const old = await setUpKeyAsFrame(call, email)
    const next = await resplitForPasskey(await newFrameKey())
    expect((await call('/key/rotation/start', await rotationBody(old, next, email))).statusCode).toBe(200)
    const accounts = frameAccounts(session)
    const account = (await accounts.stateOf(old.address)).address
    await fund(account, parseEther('1'))
    const setOwner = encodeFunctionData({
      abi: porticoAccountAbi,
      functionName: 'setOwner',
      args: [next.address],
    })
    await accounts.mined(
      await accounts.send(old.address, [{ to: account, value: 0n, data: setOwner }], withKeyOf(old)),
    )

    // The tab closed before finishing: another start would lose the key that owns the account.
    const other = await resplitForPasskey(await newFrameKey())
    const replaced = await call('/key/rotation/start', await rotationBody(old, other, email))
    expect(replaced.statusCode).toBe(409)
    expect(replaced.json().error.message).toBe(RotationText.WAITING)
    // Resumed from another login of the same user: the services finish it from the chain's word.
    const again = frame.as(await frame.login(email))
    expect((await again('/key/rotation/finish', {})).json().user).toMatchObject({ address: next.address })
  })

  test('an EOA: the old key moves its ETH to the new address, then the services switch to the new address and shares', async () => {
    const email = `rotate-eoa-${backend.name}@example.com`
    const session = await frame.login(email)
    const call = frame.as(session)
    const old = await setUpKeyAsFrame(call, email)
    const next = await resplitForPasskey(await newFrameKey())
    expect(
      (await call('/key/rotation/start', await rotationBody(old, next, email, { kind: 'eoa' }))).json(),
    ).toEqual({
      account: null,
    })
    // Until finished, the old key is the wallet's.
    expect((await call('/user', {})).json()).toMatchObject({ address: old.address })
    expect(await keyWith(session, old.device)).toBe(old.address)

    await fund(old.address, parseEther('1'))
    const wallet = createWalletClient({
      account: privateKeyToAccount(old.privateKey),
      chain: anvil,
      transport: http(aa.chain.rpcUrl),
    })
    const moved = await wallet.sendTransaction({ to: next.address, value: parseEther('0.5') })
    await chain().waitForTransactionReceipt({ hash: moved })

    const finished = await call('/key/rotation/finish', {})
    expect(finished.json().user).toMatchObject({
      address: next.address,
      smartAccount: null,
      recovery: 'passkey',
    })
    expect(await chain().getBalance({ address: next.address })).toBe(parseEther('0.5'))
    expect(await keyWith(session, next.device)).toBe(next.address)
    expect(await keyWith(session, shareBytes(old.recovery)).catch(() => undefined)).not.toBe(old.address)
  })

  test('another session of the user cannot finish a rotation the chain has not seen, and a start needs shares', async () => {
    const email = `rotate-none-${backend.name}@example.com`
    const call = frame.as(await frame.login(email))
    const unset = await rotationBody(
      { address: DEV_ACCOUNTS[9].address, privateKey: DEV_ACCOUNTS[9].privateKey as Hex },
      await resplitForPasskey(await newFrameKey()),
      email,
    )
    expect((await call('/key/rotation/start', unset)).json().error.message).toBe(RotationText.NOT_SET_UP)
    expect((await call('/key/rotation/finish', {})).json().error.message).toBe(RotationText.NONE_WAITING)
  })
})
