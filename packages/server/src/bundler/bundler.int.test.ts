import { DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import { encodeFunctionData, parseEther, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  type AccountAbstractionChain,
  type BundlerApp,
  bundlerConfigOf,
  rawCall,
  smartAccountClient,
  startAccountAbstractionChain,
  startBundlerApp,
} from '../test-support/bundler.ts'

let aa: AccountAbstractionChain
const receiver = DEV_ACCOUNTS[5].address

beforeAll(async () => {
  aa = await startAccountAbstractionChain()
})
afterAll(async () => {
  await aa?.stop()
})

describeEachBackend('bundler', (backend) => {
  let testDb: TestDatabase
  let services: BundlerApp

  beforeAll(async () => {
    testDb = await backend.open()
    services = await startBundlerApp(
      testDb.database,
      bundlerConfigOf(aa, { operationsPerSenderPerDay: 2, weiPerDay: parseEther('1') }),
    )
  })
  afterAll(async () => {
    await services?.close()
    await testDb?.dispose()
  })

  test('a sponsored first operation deploys the account at its counterfactual address', async () => {
    const { account, client, bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: receiver, value: 0n }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.paymaster).toBe(aa.contracts.paymaster)
    expect(await client.getCode({ address: account.address })).toMatch(/^0x.+/)
    expect(await client.getBalance({ address: account.address })).toBe(0n)
    const found = await bundlerClient.getUserOperation({ hash })
    expect(found.transactionHash).toBe(receipt.receipt.transactionHash)
  })
})
