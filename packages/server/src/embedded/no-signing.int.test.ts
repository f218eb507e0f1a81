import { type AnvilHandle, DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { createPublicClient, createTestClient, http, parseEther, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { type FrameApp, startFrameApp } from '../test-support/frame-call.ts'
import { setUpKeyAsFrame } from '../test-support/frame-keys.ts'

const MUST_SIGN_IN_FRAME = {
  error: { code: 4100, message: 'This request must be signed in the secure frame' },
}

describeEachBackend('the services sign nothing for the embedded wallet', (backend) => {
  let chain: AnvilHandle
  let testDb: TestDatabase
  let frame: FrameApp
  beforeAll(async () => {
    chain = await startAnvil({ port: await freePort() })
    testDb = await backend.open()
    frame = await startFrameApp(testDb.database, { chain: { rpcUrl: chain.rpcUrl, chainId: anvilChain.id } })
  })
  afterAll(async () => {
    await frame?.close()
    await testDb?.dispose()
    await chain?.stop()
  })

  const client = () => createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) })
  /** What would change on the chain if anything were signed and sent. */
  const chainState = async (address: `0x${string}`) => ({
    block: await client().getBlockNumber(),
    nonce: await client().getTransactionCount({ address, blockTag: 'pending' }),
    nodeAccountNonce: await client().getTransactionCount({
      address: DEV_ACCOUNTS[0].address,
      blockTag: 'pending',
    }),
  })

  test('a script with a valid session and no frame gets no signature, and nothing reaches the chain', async () => {
    const email = `script-${backend.name}@example.com`
    const session = await frame.login(email)
    const call = frame.as(session)
    const { address } = await setUpKeyAsFrame(call, email)
    await createTestClient({ mode: 'anvil', chain: anvilChain, transport: http(chain.rpcUrl) }).setBalance({
      address,
      value: parseEther('10'),
    })
    const before = await chainState(address)
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: anvilChain.id },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hi' },
    }
    const personalSign = { method: 'personal_sign', params: [stringToHex('hello'), address] }
    const requests = [
      personalSign,
      { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] },
      {
        method: 'eth_sendTransaction',
        params: [{ from: address, to: DEV_ACCOUNTS[1].address, value: '0x1' }],
      },
      // Without `from`, a node would pick one of its own unlocked accounts.
      { method: 'eth_sendTransaction', params: [{ to: DEV_ACCOUNTS[1].address, value: '0x1' }] },
      { method: 'wallet_sendCalls', params: [{ calls: [{ to: DEV_ACCOUNTS[1].address, value: '0x1' }] }] },
    ]
    for (const request of requests) {
      const answer = await call('/rpc', request)
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual(MUST_SIGN_IN_FRAME)
    }
    expect((await call('/rpc/approved', personalSign)).statusCode).toBe(404)
    expect(await chainState(address)).toEqual(before)
    expect(before.nonce).toBe(0)
  })

  test('what the frame signed is relayed: reads and eth_sendRawTransaction reach the chain', async () => {
    const email = `frame-${backend.name}@example.com`
    const call = frame.as(await frame.login(email))
    const key = await setUpKeyAsFrame(call, email)
    await createTestClient({ mode: 'anvil', chain: anvilChain, transport: http(chain.rpcUrl) }).setBalance({
      address: key.address,
      value: parseEther('10'),
    })
    expect((await call('/rpc', { method: 'eth_chainId', params: [] })).json()).toEqual({ result: '0x7a69' })
    const gasPrice = await client().getGasPrice()
    const signed = await privateKeyToAccount(key.privateKey).signTransaction({
      chainId: anvilChain.id,
      nonce: 0,
      to: DEV_ACCOUNTS[1].address,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: gasPrice * 2n,
      maxPriorityFeePerGas: 1n,
    })
    const sent = await call('/rpc', { method: 'eth_sendRawTransaction', params: [signed] })
    const hash = sent.json().result
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await client().waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client().getTransactionCount({ address: key.address })).toBe(1)
  })
})
