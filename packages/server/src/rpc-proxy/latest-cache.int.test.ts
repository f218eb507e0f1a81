import { type AnvilHandle, DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { numberToHex, parseEther, parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { askNode, call, eventually, startProxyApp, TEST_SETTINGS } from '../test-support/rpc-proxy-app.ts'
import { startTestUpstream } from '../test-support/rpc-upstream.ts'

// The proxy keeps nothing in the database but the project its guard reads, so PGlite alone
// covers it (as routes.int.test.ts).
let database: Database
let node: AnvilHandle

beforeAll(async () => {
  node = await startAnvil({ port: await freePort() })
  database = await openDatabase({})
})
afterAll(async () => {
  await database?.close()
  await node?.stop()
})

/** An address no test has used: its balance is 0 until a test sends it something. */
const freshAddress = (n: number) => numberToHex(0xbee0 + n, { size: 20 })

test('identical calls at once reach the node once; each caller gets the answer under its own id', async () => {
  // A slow node: every call is still in flight when the others arrive.
  const upstream = await startTestUpstream(node.rpcUrl, { delayMs: 300 })
  const proxy = await startProxyApp(database, [upstream.url])
  try {
    const address = freshAddress(1)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, id) => proxy.rpc(call(id, 'eth_getBalance', [address, 'latest']))),
    )
    expect(answers.map((answer) => answer.json())).toEqual(
      Array.from({ length: 8 }, (_, id) => ({ jsonrpc: '2.0', id, result: '0x0' })),
    )
    expect(upstream.callsOf('eth_getBalance')).toBe(1)
    // Within one batch too.
    const batch = await proxy.rpc([
      call(1, 'eth_getCode', [address, 'latest']),
      call(2, 'eth_getCode', [address, 'latest']),
    ])
    expect(batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x' },
      { jsonrpc: '2.0', id: 2, result: '0x' },
    ])
    expect(upstream.callsOf('eth_getCode')).toBe(1)
  } finally {
    await proxy.close()
    await upstream.kill()
  }
})

test('a latest read is not served from memory once a new block is known: the new balance shows', async () => {
  const upstream = await startTestUpstream(node.rpcUrl)
  // Kept for a minute: only the new head can make the proxy ask again within the test.
  const proxy = await startProxyApp(database, [upstream.url], { ...TEST_SETTINGS, latestMaxAgeMs: 60_000 })
  try {
    const address = freshAddress(2)
    const balance = async () =>
      (await proxy.rpc(call(1, 'eth_getBalance', [address, 'latest']))).json().result
    const blockNumber = async () => BigInt((await proxy.rpc(call(1, 'eth_blockNumber'))).json().result)
    expect(await balance()).toBe('0x0')
    const before = await blockNumber()
    expect(await balance()).toBe('0x0')
    expect(upstream.callsOf('eth_getBalance')).toBe(1)

    // A transfer straight to the node, which mines it in a block of its own.
    const sent = (await askNode(node.rpcUrl, {
      ...call(1, 'eth_sendTransaction', [
        { from: DEV_ACCOUNTS[5].address, to: address, value: numberToHex(parseEther('1')) },
      ]),
    })) as { result?: string }
    expect(sent.result).toMatch(/^0x/)
    await eventually(() => (proxy.relay.pool.head() ?? 0n) > before, 5_000, 'the pool sees the new block')

    expect(await balance()).toBe(numberToHex(parseEther('1')))
    expect(await blockNumber()).toBe(before + 1n)
    expect(upstream.callsOf('eth_getBalance')).toBe(2)
  } finally {
    await proxy.close()
    await upstream.kill()
  }
})

test('reads after a transaction sent through the proxy ask the node, before any new block is known', async () => {
  const upstream = await startTestUpstream(node.rpcUrl)
  // Answers kept, and the upstream not sampled, for a minute: only the transaction can make it ask.
  const proxy = await startProxyApp(database, [upstream.url], {
    ...TEST_SETTINGS,
    latestMaxAgeMs: 60_000,
    intervalMs: 60_000,
  })
  try {
    const address = freshAddress(5)
    const balance = async () =>
      (await proxy.rpc(call(1, 'eth_getBalance', [address, 'latest']))).json().result
    expect(await balance()).toBe('0x0')
    const sender = privateKeyToAccount(DEV_ACCOUNTS[6].privateKey)
    const nonce = (await askNode(
      node.rpcUrl,
      call(1, 'eth_getTransactionCount', [sender.address, 'pending']),
    )) as {
      result: string
    }
    const raw = await sender.signTransaction({
      chainId: 31337,
      to: address,
      value: parseEther('1'),
      nonce: Number(nonce.result),
      gas: 21_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: 0n,
    })
    expect((await proxy.rpc(call(2, 'eth_sendRawTransaction', [raw]))).json().result).toMatch(/^0x/)
    await expect.poll(balance, { timeout: 5_000 }).toBe(numberToHex(parseEther('1')))
  } finally {
    await proxy.close()
    await upstream.kill()
  }
})

test('errors and pending reads are asked every time', async () => {
  const upstream = await startTestUpstream(node.rpcUrl)
  const proxy = await startProxyApp(database, [upstream.url])
  try {
    // A slot that is not 32 bytes: the node's error, twice.
    const refused = call(1, 'eth_getStorageAt', [freshAddress(4), `0x${'1'.repeat(80)}`, 'latest'])
    for (let i = 0; i < 2; i++) expect((await proxy.rpc(refused)).json().error).toBeDefined()
    expect(upstream.callsOf('eth_getStorageAt')).toBe(2)
    const pending = call(2, 'eth_getBalance', [freshAddress(3), 'pending'])
    for (let i = 0; i < 2; i++) expect((await proxy.rpc(pending)).json().result).toBe('0x0')
    expect(upstream.callsOf('eth_getBalance')).toBe(2)
  } finally {
    await proxy.close()
    await upstream.kill()
  }
})
