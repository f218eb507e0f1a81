import { randomBytes } from 'node:crypto'
import { DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import { buildSiweMessage, porticoAccountAbi } from '@portico/core/shared'
import { createTestClient, encodeFunctionData, type Hex, http, parseEther, parseUnits } from 'viem'
import { entryPoint08Abi, formatUserOperationRequest } from 'viem/account-abstraction'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import {
  type AccountAbstractionChain,
  type BundlerApp,
  bundlerConfigOf,
  PAGE,
  rawCall,
  smartAccountClient,
  startAccountAbstractionChain,
  startBundlerApp,
} from '../test-support/bundler.ts'
import { BundlerErrorCode } from './errors.ts'
import { findOperation } from './repository.ts'
import { SponsorText } from './sponsorship.ts'

let aa: AccountAbstractionChain
const receiver = DEV_ACCOUNTS[5].address
const SENDER_LIMIT = 3

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
      // Sponsored for any account: the calls these pages make, through the public route.
      bundlerConfigOf(
        aa,
        { operationsPerSenderPerDay: SENDER_LIMIT, weiPerDay: parseEther('1') },
        { publicCalls: [{ to: receiver }, { to: usdc().address }], requestsPerMinute: 1000 },
      ),
    )
  })
  afterAll(async () => {
    await services?.close()
    await testDb?.dispose()
  })

  const usdc = () => aa.chain.deployment.tokens.USDC
  const usdcBalance = (client: Awaited<ReturnType<typeof smartAccountClient>>['client'], address: Hex) =>
    client.readContract({
      address: usdc().address,
      abi: demoTokenAbi,
      functionName: 'balanceOf',
      args: [address],
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
    // The paymaster paid: the account never held ETH.
    expect(await client.getBalance({ address: account.address })).toBe(0n)
    const found = await bundlerClient.getUserOperation({ hash })
    expect(found.transactionHash).toBe(receipt.receipt.transactionHash)
  })

  test('a batch of approve and transfer is atomic: one failing call undoes the other', async () => {
    const { account, client, bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
    await aa.chain.send(0, account.address, '100', 'USDC')
    const spender = DEV_ACCOUNTS[6].address
    const approve = (amount: string) => ({
      to: usdc().address,
      data: encodeFunctionData({
        abi: demoTokenAbi,
        functionName: 'approve',
        args: [spender, parseUnits(amount, usdc().decimals)],
      }),
    })
    const transfer = (amount: string) => ({
      to: usdc().address,
      data: encodeFunctionData({
        abi: demoTokenAbi,
        functionName: 'transfer',
        args: [receiver, parseUnits(amount, usdc().decimals)],
      }),
    })
    const allowance = () =>
      client.readContract({
        address: usdc().address,
        abi: demoTokenAbi,
        functionName: 'allowance',
        args: [account.address, spender],
      })
    const before = await usdcBalance(client, receiver)
    // More than the account holds: the transfer reverts, so the approval must not stand either. All
    // gas is given, since estimation refuses a reverting call (tested below).
    const failing = await bundlerClient.sendUserOperation({
      calls: [approve('50'), transfer('500')],
      callGasLimit: 300_000n,
      verificationGasLimit: 600_000n,
      preVerificationGas: 100_000n,
      paymasterVerificationGasLimit: 60_000n,
      paymasterPostOpGasLimit: 0n,
    })
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: failing })).success).toBe(false)
    expect(await allowance()).toBe(0n)
    expect(await usdcBalance(client, receiver)).toBe(before)

    const passing = await bundlerClient.sendUserOperation({ calls: [approve('50'), transfer('40')] })
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: passing })).success).toBe(true)
    expect(await allowance()).toBe(parseUnits('50', usdc().decimals))
    expect(await usdcBalance(client, receiver)).toBe(before + parseUnits('40', usdc().decimals))
  })

  test('estimation refuses a call that reverts with -32521 and its reason', async () => {
    const { account, bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
    const op = await bundlerClient.prepareUserOperation({ calls: [{ to: receiver, value: 0n }] })
    const answer = await rawCall(services.url, 'eth_estimateUserOperationGas', [
      {
        ...formatUserOperationRequest({ ...op, sender: account.address }),
        callData: await account.encodeCalls([
          {
            to: usdc().address,
            data: encodeFunctionData({
              abi: demoTokenAbi,
              functionName: 'transfer',
              args: [receiver, parseUnits('1', usdc().decimals)],
            }),
          },
        ]),
      },
      aa.contracts.entryPoint,
    ])
    expect(answer.error?.code).toBe(BundlerErrorCode.EXECUTION_REVERTED)
    expect(answer.error?.message).toContain('execution reverted')
  })

  test('without sponsorship the account pays its own gas, and one without ETH is told so', async () => {
    const { account, client, bundlerClient } = await smartAccountClient(aa, services.url, {
      sponsored: false,
    })
    const broke = await bundlerClient.prepareUserOperation({ calls: [{ to: receiver, value: 0n }] })
    const refused = await rawCall(services.url, 'eth_sendUserOperation', [
      formatUserOperationRequest({ ...broke, signature: await account.signUserOperation(broke) }),
      aa.contracts.entryPoint,
    ])
    expect(refused.error?.code).toBe(BundlerErrorCode.REJECTED_BY_ACCOUNT)
    expect(refused.error?.message).toContain('AA21')
    expect(refused.error?.message).toContain('holds too little ETH and the operation is not sponsored')

    await aa.chain.send(0, account.address, '1')
    const receiverBefore = await client.getBalance({ address: receiver })
    const hash = await bundlerClient.sendUserOperation({
      calls: [{ to: receiver, value: parseEther('0.25') }],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster).toBe('0x0000000000000000000000000000000000000000')
    expect(await client.getBalance({ address: receiver })).toBe(receiverBefore + parseEther('0.25'))
    // It paid the gas too: the prefund left its balance, and what was not used waits in its deposit.
    const deposit = await client.readContract({
      address: account.address,
      abi: porticoAccountAbi,
      functionName: 'getDeposit',
    })
    expect((await client.getBalance({ address: account.address })) + deposit).toBe(
      parseEther('0.75') - receipt.actualGasCost,
    )
  })

  test('past the daily limit per account the paymaster refuses with a clear text', async () => {
    const { bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
    for (let i = 0; i < SENDER_LIMIT; i++) {
      const hash = await bundlerClient.sendUserOperation({ calls: [{ to: receiver, value: 0n }] })
      await bundlerClient.waitForUserOperationReceipt({ hash })
    }
    const refused = await bundlerClient.sendUserOperation({ calls: [{ to: receiver, value: 0n }] }).then(
      () => undefined,
      (error: Error) => error,
    )
    expect(refused?.message).toContain(SponsorText.SENDER_LIMIT(SENDER_LIMIT))
  })

  test('a bad signature, too little verification gas and a replayed nonce are refused with their codes', async () => {
    const { account, bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
    const deployed = await bundlerClient.sendUserOperation({ calls: [{ to: receiver, value: 0n }] })
    await bundlerClient.waitForUserOperationReceipt({ hash: deployed })
    const op = await bundlerClient.prepareUserOperation({ calls: [{ to: receiver, value: 0n }] })
    const send = (patch: Record<string, unknown>) =>
      rawCall(services.url, 'eth_sendUserOperation', [
        { ...formatUserOperationRequest({ ...op, ...patch }) },
        aa.contracts.entryPoint,
      ])
    const signature = await account.signUserOperation(op)

    // The owner's signature of another operation (another nonce).
    const other = await account.signUserOperation({ ...op, nonce: op.nonce + 1n })
    const badSignature = await send({ signature: other })
    expect(badSignature.error?.code).toBe(BundlerErrorCode.INVALID_SIGNATURE)

    const starved = { ...op, verificationGasLimit: 20_000n }
    const tooLittleGas = await send({ ...starved, signature: await account.signUserOperation(starved) })
    expect(tooLittleGas.error?.code).toBeOneOf([
      BundlerErrorCode.REJECTED_BY_ACCOUNT,
      BundlerErrorCode.REJECTED_BY_PAYMASTER,
    ])
    expect(tooLittleGas.error?.message).toMatch(/AA1|AA2|AA3/)

    const lowPreVerification = { ...op, preVerificationGas: 1_000n }
    const underpriced = await send({
      ...lowPreVerification,
      signature: await account.signUserOperation(lowPreVerification),
    })
    expect(underpriced.error).toMatchObject({ code: BundlerErrorCode.INVALID_FIELDS })
    expect(underpriced.error?.message).toContain('preVerificationGas is too low')

    const accepted = await send({ signature })
    expect(typeof accepted.result).toBe('string')
    await bundlerClient.waitForUserOperationReceipt({ hash: accepted.result as Hex })
    const replayed = await send({ signature })
    expect(replayed.error?.code).toBe(BundlerErrorCode.REJECTED_BY_ACCOUNT)
    expect(replayed.error?.message).toContain('AA25')
  })

  test('malformed operations and foreign entry points are -32602 naming the field', async () => {
    const answer = await rawCall(services.url, 'eth_sendUserOperation', [
      { sender: '0x12' },
      aa.contracts.entryPoint,
    ])
    expect(answer.error).toMatchObject({ code: BundlerErrorCode.INVALID_FIELDS })
    expect(answer.error?.message).toContain('userOperation.sender')
    const foreign = await rawCall(services.url, 'eth_supportedEntryPoints', [])
    expect(foreign.result).toEqual([aa.contracts.entryPoint])
    const wrongEntryPoint = await rawCall(services.url, 'eth_estimateUserOperationGas', [{}, receiver])
    expect(wrongEntryPoint.error?.code).toBe(BundlerErrorCode.INVALID_FIELDS)
    expect((await rawCall(services.url, 'eth_sendTransaction', [])).error?.code).toBe(
      BundlerErrorCode.METHOD_NOT_FOUND,
    )
  })

  test('the names every object has (__proto__, toString…) are no methods: -32601, nothing logged as an error', async () => {
    const lines: string[] = []
    const logger = { level: 'debug', stream: { write: (line: string) => lines.push(line) } }
    const app = await buildServer({ database: testDb.database, bundler: services.bundler, logger })
    try {
      for (const method of ['__proto__', 'hasOwnProperty', 'valueOf', 'constructor', 'toString']) {
        const response = await app.inject({
          method: 'POST',
          url: `/v1/bundler?projectId=${services.projectId}`,
          headers: { origin: PAGE, 'content-type': 'application/json' },
          payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
        })
        expect(response.json(), method).toEqual({
          jsonrpc: '2.0',
          id: 1,
          error: { code: BundlerErrorCode.METHOD_NOT_FOUND, message: `The bundler has no method ${method}` },
        })
      }
    } finally {
      await app.close()
    }
    const errors = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)
    expect(errors).toEqual([])
  })

  test('a sender written in capitals is the same account: read once, answered as the checksummed one', async () => {
    const { account, bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
    const op = formatUserOperationRequest(
      await bundlerClient.prepareUserOperation({ calls: [{ to: receiver, value: 0n }] }),
    )
    const estimate = (sender: string) =>
      rawCall(services.url, 'eth_estimateUserOperationGas', [{ ...op, sender }, aa.contracts.entryPoint])
    const asGiven = await estimate(account.address)
    const inCapitals = await estimate(`0x${account.address.slice(2).toUpperCase()}`)
    expect(inCapitals.error).toBeUndefined()
    expect(inCapitals.result).toEqual(asGiven.result)
    const shouted = await estimate(`0X${account.address.slice(2).toUpperCase()}`)
    expect(shouted.error).toMatchObject({ code: BundlerErrorCode.INVALID_FIELDS })
    expect(shouted.error?.message).toContain('userOperation.sender')
  })

  test('the account signs ERC-6492 while undeployed and ERC-1271 once deployed: viem verifies both, sign-in accepts both', async () => {
    const { account, client, bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
    const siwx = await buildServer({
      database: testDb.database,
      siwx: { chainId: 31337, rpcUrl: aa.chain.rpcUrl, hashSecret: randomBytes(32) },
    })
    try {
      const signIn = async () => {
        const url = (path: string) => `/v1/siwx/${path}?projectId=${services.projectId}`
        const nonce = await siwx.inject({ method: 'POST', url: url('nonce'), headers: { origin: PAGE } })
        const message = buildSiweMessage({
          domain: '127.0.0.1:3000',
          address: account.address,
          statement: 'Sign in with a smart account',
          uri: PAGE,
          version: '1',
          chainId: 31337,
          nonce: nonce.json().nonce,
          issuedAt: new Date().toISOString(),
        })
        const signature = await account.signMessage({ message })
        expect(await client.verifyMessage({ address: account.address, message, signature })).toBe(true)
        const answer = await siwx.inject({
          method: 'POST',
          url: url('sessions'),
          headers: { origin: PAGE },
          payload: { message, signature },
        })
        expect(answer.statusCode).toBe(201)
        expect(answer.json().session.data.accountAddress).toBe(account.address)
        return signature
      }
      const counterfactual = await signIn()
      expect(
        counterfactual.endsWith('6492649264926492649264926492649264926492649264926492649264926492'),
      ).toBe(true)

      const hash = await bundlerClient.sendUserOperation({ calls: [{ to: receiver, value: 0n }] })
      await bundlerClient.waitForUserOperationReceipt({ hash })
      const deployed = await signIn()
      expect(deployed).toHaveLength(132)
      // The same owner's signature does not pass for another of its accounts.
      const other = await smartAccountClient(aa, services.url, { sponsored: true, owner: account.owner })
      expect(
        await client.verifyMessage({
          address: other.account.address,
          message: 'hello',
          signature: await account.signMessage({ message: 'hello' }),
        }),
      ).toBe(false)
    } finally {
      await siwx.close()
    }
  })

  test('an operation in flight when the services stop is mined exactly once after restarts', async () => {
    const node = createTestClient({ mode: 'anvil', transport: http(aa.chain.rpcUrl) })
    const config = bundlerConfigOf(aa, {
      operationsPerSenderPerDay: SENDER_LIMIT,
      weiPerDay: parseEther('1'),
    })
    const { projectId } = services
    /** The bundle holding the operation, once the node has it in its pool. */
    const bundleInPool = async (hash: Hex) => {
      let txHash: Hex | undefined
      await vi.waitFor(
        async () => {
          txHash = (await findOperation(testDb.database.db, hash))?.txHash
          expect(txHash).toBeDefined()
          await aa.chain.client.getTransaction({ hash: txHash as Hex })
        },
        { timeout: 10_000, interval: 20 },
      )
      return txHash as Hex
    }
    await node.setAutomine(false)
    try {
      const { account, bundlerClient } = await smartAccountClient(aa, services.url, { sponsored: true })
      const hash = await bundlerClient.sendUserOperation({ calls: [{ to: receiver, value: 0n }] })
      const first = await bundleInPool(hash)
      // Down with its bundle in the node's pool, and the node forgets that bundle meanwhile: the
      // restarted bundler finds the operation nowhere on chain and submits it anew (the same signed
      // bundle, as nothing changed: same operator nonce, same fees).
      await services.close()
      await node.dropTransaction({ hash: first })
      await expect(aa.chain.client.getTransaction({ hash: first })).rejects.toThrow()
      services = await startBundlerApp(testDb.database, config, {}, projectId)
      const second = await bundleInPool(hash)
      // Down again with the new bundle still waiting in the pool: the next run waits for it.
      await services.close()
      services = await startBundlerApp(testDb.database, config, {}, projectId)
      await node.mine({ blocks: 1 })
      await vi.waitFor(
        async () => expect((await findOperation(testDb.database.db, hash))?.state).toBe('included'),
        {
          timeout: 10_000,
          interval: 20,
        },
      )
      expect((await findOperation(testDb.database.db, hash))?.txHash).toBe(second)
      const events = await aa.chain.client.getContractEvents({
        address: aa.contracts.entryPoint,
        abi: entryPoint08Abi,
        eventName: 'UserOperationEvent',
        args: { userOpHash: hash },
        fromBlock: 0n,
      })
      expect(events).toHaveLength(1)
      expect(events[0]?.args.sender).toBe(account.address)
      expect(events[0]?.transactionHash).toBe(second)
    } finally {
      await node.setAutomine(true)
    }
  })
})
