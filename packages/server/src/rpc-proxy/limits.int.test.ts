import { type AnvilHandle, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import {
  call,
  eventually,
  type ProxyApp,
  startProxyApp,
  TEST_SETTINGS,
} from '../test-support/rpc-proxy-app.ts'
import { startTestUpstream, type TestUpstream } from '../test-support/rpc-upstream.ts'

// Small limits the test can reach: 2 units a second and 10 s of them (20) per IP, 5 a second (50)
// per project; eth_getLogs over at most 100 blocks.
const LIMITS = { ipPerSecond: 2, projectPerSecond: 5, burstSeconds: 10, maxLogBlocks: 100 }

let database: Database
let node: AnvilHandle
let upstream: TestUpstream

beforeAll(async () => {
  node = await startAnvil({ port: await freePort() })
  database = await openDatabase({})
  upstream = await startTestUpstream(node.rpcUrl)
})
afterAll(async () => {
  await upstream?.kill()
  await database?.close()
  await node?.stop()
})

async function proxyWith(limits = LIMITS): Promise<ProxyApp> {
  return startProxyApp(database, [upstream.url], TEST_SETTINGS, limits)
}

test('past its budget an IP gets 429 with Retry-After and a JSON-RPC error per call; eth_getLogs costs more', async () => {
  const proxy = await proxyWith()
  try {
    // 20 units: 20 block numbers pass, the 21st is refused, and nothing more goes upstream.
    for (let id = 0; id < 20; id++)
      expect((await proxy.rpc(call(id, 'eth_blockNumber'), undefined, '10.0.0.1')).statusCode).toBe(200)
    const asked = upstream.callsOf('eth_blockNumber')
    const refused = await proxy.rpc(
      [call(20, 'eth_blockNumber'), call('b', 'eth_chainId')],
      undefined,
      '10.0.0.1',
    )
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(refused.json()).toEqual([
      { jsonrpc: '2.0', id: 20, error: { code: -32005, message: expect.stringMatching(/slow down/) } },
      { jsonrpc: '2.0', id: 'b', error: { code: -32005, message: expect.stringMatching(/slow down/) } },
    ])
    expect(upstream.callsOf('eth_blockNumber')).toBe(asked)

    // Another IP has its own budget, and one eth_getLogs spends all 20 units of it.
    const logs = call(1, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x0' }])
    expect((await proxy.rpc(logs, undefined, '10.0.0.2')).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [],
    })
    const after = await proxy.rpc(call(2, 'eth_blockNumber'), undefined, '10.0.0.2')
    expect(after.statusCode).toBe(429)
    expect(after.json().error.message).toMatch(/try again in \d+ s/)
  } finally {
    await proxy.close()
  }
})

test("a project's budget counts all its visitors together", async () => {
  const proxy = await proxyWith({ ...LIMITS, ipPerSecond: 1_000 })
  try {
    // 50 units: ten eth_calls of 5 from ten addresses.
    const eth_call = (id: number) =>
      call(id, 'eth_call', [{ to: '0x0000000000000000000000000000000000000001' }, 'latest'])
    for (let i = 0; i < 10; i++)
      expect((await proxy.rpc(eth_call(i), undefined, `10.0.1.${i}`)).statusCode).toBe(200)
    const refused = await proxy.rpc(eth_call(10), undefined, '10.0.1.99')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  } finally {
    await proxy.close()
  }
})

test('eth_getLogs over more blocks than the cap is refused naming the cap; tags read against the head', async () => {
  const proxy = await proxyWith({ ...LIMITS, ipPerSecond: 1_000, projectPerSecond: 1_000 })
  try {
    await eventually(() => proxy.relay.pool.head() !== undefined, 2_000, 'the head sampled')
    const logs = (id: number, filter: object) => call(id, 'eth_getLogs', [filter])
    const asked = upstream.callsOf('eth_getLogs')
    const answers = (
      await proxy.rpc([
        logs(1, { fromBlock: '0x0', toBlock: '0x63' }),
        logs(2, { fromBlock: '0x0', toBlock: '0x64' }),
        logs(3, { fromBlock: '0x10', toBlock: '0x10000' }),
        logs(4, { fromBlock: 'earliest', toBlock: 'latest' }),
        logs(5, { blockHash: `0x${'00'.repeat(32)}` }),
      ])
    ).json() as { id: number; result?: unknown; error?: { code: number; message: string } }[]
    expect(answers[0]).toEqual({ jsonrpc: '2.0', id: 1, result: [] })
    expect(answers[1]?.error).toEqual({
      code: -32005,
      message:
        'eth_getLogs: 101 blocks is over the limit of 100 blocks a call; ask in ranges of at most 100 blocks',
    })
    expect(answers[2]?.error?.message).toMatch(/^eth_getLogs: 65521 blocks is over the limit of 100/)
    // A fresh anvil's head is block 0: earliest to latest is one block.
    expect(answers[3]).toEqual({ jsonrpc: '2.0', id: 4, result: [] })
    expect(answers[4]?.id).toBe(5)
    // The refused ones never reached the node.
    expect(upstream.callsOf('eth_getLogs') - asked).toBe(3)
  } finally {
    await proxy.close()
  }
})
