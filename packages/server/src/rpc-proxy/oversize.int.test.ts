import { type AnvilHandle, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { type Hex, numberToHex, size } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { call, startProxyApp, TEST_SETTINGS } from '../test-support/rpc-proxy-app.ts'
import { startTestUpstream } from '../test-support/rpc-upstream.ts'

// A contract, put in place by eth_call's state override, that returns `bytes` zero bytes: answers
// of a size the test chooses, from a real node. The call data (the id, which the code ignores) makes
// each call its own, so none is joined to another in flight.
const RETURNER = '0x00000000000000000000000000000000000a11ce'
const returning = (id: number, bytes: number) =>
  call(id, 'eth_call', [
    { to: RETURNER, data: numberToHex(id, { size: 2 }) },
    'latest',
    { [RETURNER]: { code: `0x61${bytes.toString(16).padStart(4, '0')}6000f3` } },
  ])
/** The answer size cap here: a result is 0x and two hex digits a byte, so 1,500 bytes weigh ~3 kB. */
const CAP = 10_000

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

test('a batch whose answer is over the cap is asked again in parts, never whole; each call answered once', async () => {
  const upstream = await startTestUpstream(node.rpcUrl)
  const proxy = await startProxyApp(database, [upstream.url], { ...TEST_SETTINGS, maxResponseBytes: CAP })
  try {
    // 12 answers of ~3 kB: 36 kB, over the 10 kB cap as one answer, under it in four parts.
    const batch = Array.from({ length: 12 }, (_, id) => returning(id, 1_500))
    const response = await proxy.rpc(batch)
    expect(response.statusCode).toBe(200)
    const answers = response.json() as { id: number; result: Hex }[]
    expect(answers.map((answer) => answer.id)).toEqual(batch.map((request) => request.id))
    for (const answer of answers) expect(size(answer.result)).toBe(1_500)
    // Asked whole once, then in parts once: twice, where retrying the whole made it 4 times.
    expect(upstream.callsOf('eth_call')).toBe(2 * batch.length)
  } finally {
    await proxy.close()
    await upstream.kill()
  }
})

test('a call whose answer alone is over the cap is told to ask for less, asked once; the rest of its batch is answered', async () => {
  const upstream = await startTestUpstream(node.rpcUrl)
  const proxy = await startProxyApp(database, [upstream.url], { ...TEST_SETTINGS, maxResponseBytes: CAP })
  try {
    const single = await proxy.rpc(returning(1, 20_000))
    expect(single.statusCode).toBe(200)
    expect(single.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32005, message: expect.stringMatching(/too large.*10000 bytes.*smaller block range/) },
    })
    expect(upstream.callsOf('eth_call')).toBe(1)

    const mixed = await proxy.rpc([returning(1, 100), returning(2, 20_000), call(3, 'eth_chainId')])
    expect(mixed.statusCode).toBe(200)
    expect(mixed.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: numberToHex(0, { size: 100 }) },
      { jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: -32005 }) },
      { jsonrpc: '2.0', id: 3, result: '0x7a69' },
    ])
    // The whole batch, then its parts until the large call stood alone: bounded, never retried.
    expect(upstream.callsOf('eth_call')).toBeLessThanOrEqual(1 + 2 + 2)
  } finally {
    await proxy.close()
    await upstream.kill()
  }
})
