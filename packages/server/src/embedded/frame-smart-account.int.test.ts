import { DEV_ACCOUNTS } from '@portico/contracts'
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  type Hex,
  hashMessage,
  http,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
// The secure frame's own code, run here against the services it calls (it has no DOM dependency).
import { ApiError } from '../../../embedded/src/frame/api.ts'
import { createSmartAccounts } from '../../../embedded/src/frame/smart-account/accounts.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  type AccountAbstractionChain,
  type BundlerApp,
  bundlerConfigOf,
  rawCall,
  startAccountAbstractionChain,
  startBundlerApp,
} from '../test-support/bundler.ts'

let aa: AccountAbstractionChain
const receiver = DEV_ACCOUNTS[7].address
const other = DEV_ACCOUNTS[8].address

beforeAll(async () => {
  aa = await startAccountAbstractionChain()
})
afterAll(async () => {
  await aa?.stop()
})

describeEachBackend("the secure frame's smart account against the services' bundler", (backend) => {
  let testDb: TestDatabase
  let services: BundlerApp
  beforeAll(async () => {
    testDb = await backend.open()
    // One sponsored operation per account and day: the second is the account's to pay.
    services = await startBundlerApp(
      testDb.database,
      // The frame's calls go through the public route here: the transfers these tests make are
      // sponsored for any account.
      bundlerConfigOf(
        aa,
        { operationsPerSenderPerDay: 1, weiPerDay: parseEther('1') },
        { publicCalls: [{ to: receiver }, { to: other }], requestsPerMinute: 1000 },
      ),
    )
  })
  afterAll(async () => {
    await services?.close()
    await testDb?.dispose()
  })

  const client = () => createPublicClient({ chain: anvil, transport: http(aa.chain.rpcUrl) })
  /** The frame's two ways out, as the frame's handlers build them: chain reads and the bundler. */
  function frameAccounts() {
    const read = async (method: string, params: unknown[]) => client().request({ method, params } as never)
    const bundlerCall = async (method: string, params: unknown[]) => {
      const answer = await rawCall(services.url, method, params)
      if (answer.error) throw new ApiError(answer.error.message, 400, answer.error.code)
      return answer.result
    }
    const accounts = createSmartAccounts(
      { entryPoint: aa.contracts.entryPoint, factory: aa.contracts.factory, sponsored: true },
      anvil.id,
      read,
      bundlerCall,
    )
    const key = privateKeyToAccount(generatePrivateKey())
    const withKey = <T>(use: (account: typeof key) => Promise<T>) => use(key)
    return { accounts, owner: key.address, withKey }
  }
  const transfer = (to: Hex, value: bigint) => ({ to, value, data: '0x' as Hex })

  test('signs in before deployment (ERC-6492), batches atomically sponsored, then pays for itself past the limit', async () => {
    const { accounts, owner, withKey } = frameAccounts()
    const { address, deployed } = await accounts.stateOf(owner)
    expect(deployed).toBe(false)
    expect(await accounts.sponsoredNow(owner)).toBe(true)
    const signature = await accounts.sign(owner, hashMessage('Sign in to Shop'), withKey)
    expect(await client().verifyMessage({ address, message: 'Sign in to Shop', signature })).toBe(true)

    await createTestClient({ mode: 'anvil', chain: anvil, transport: http(aa.chain.rpcUrl) }).setBalance({
      address,
      value: parseEther('1'),
    })
    const [receiverBefore, otherBefore] = await Promise.all([
      client().getBalance({ address: receiver }),
      client().getBalance({ address: other }),
    ])
    const batch = await accounts.send(owner, [transfer(receiver, 1000n), transfer(other, 2000n)], withKey)
    await accounts.mined(batch)
    expect(await client().getBalance({ address: receiver })).toBe(receiverBefore + 1000n)
    expect(await client().getBalance({ address: other })).toBe(otherBefore + 2000n)
    expect((await accounts.stateOf(owner)).deployed).toBe(true)
    // Sponsored: the account paid the two transfers and nothing for gas.
    expect(await client().getBalance({ address })).toBe(parseEther('1') - 3000n)
    expect(await accounts.receipt(batch)).toMatchObject({ success: true })

    // The day's sponsorship is used up: the approval would say the account pays, the paymaster
    // refuses, and the same request goes unsponsored.
    expect(await accounts.sponsoredNow(owner)).toBe(false)
    const paid = await accounts.send(owner, [transfer(receiver, 1000n)], withKey)
    expect(await accounts.mined(paid)).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await client().getBalance({ address })).toBeLessThan(parseEther('1') - 4000n)
  })

  test('an account without ETH past the sponsorship limit is told it cannot pay for gas', async () => {
    const { accounts, owner, withKey } = frameAccounts()
    await accounts.mined(await accounts.send(owner, [transfer(receiver, 0n)], withKey))
    const refused = accounts.send(owner, [transfer(receiver, 0n)], withKey)
    await expect(refused).rejects.toMatchObject({ code: -32003 })
    await expect(refused).rejects.toThrow(/cannot pay for gas/)
  })

  test('a batch whose second call reverts is refused before anything is sent', async () => {
    const { accounts, owner, withKey } = frameAccounts()
    const reverting = {
      to: aa.contracts.factory,
      value: 0n,
      data: encodeFunctionData({
        abi: [{ type: 'function', name: 'nope', inputs: [], outputs: [], stateMutability: 'nonpayable' }],
        functionName: 'nope',
      }),
    }
    const before = await client().getBalance({ address: receiver })
    await expect(accounts.send(owner, [transfer(receiver, 0n), reverting], withKey)).rejects.toMatchObject({
      code: -32003,
    })
    expect(await client().getBalance({ address: receiver })).toBe(before)
    expect((await accounts.stateOf(owner)).deployed).toBe(false)
  })
})
