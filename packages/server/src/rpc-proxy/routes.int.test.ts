import { type AnvilHandle, DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { createWalletClient, http, numberToHex, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import {
  askNode,
  CHAIN_ID,
  call,
  eventually,
  PAGE_ORIGIN,
  type ProxyApp,
  startProxyApp,
} from '../test-support/rpc-proxy-app.ts'
import { startTestUpstream, type TestUpstream } from '../test-support/rpc-upstream.ts'
import { SAFE_DEPTH } from './cache.ts'

const me = DEV_ACCOUNTS[0].address
const NOT_ALLOWED = { code: 4200, message: 'Requested RPC call is not allowed' }

// The proxy keeps nothing in the database but the project its guard reads, so PGlite alone
// covers it; the Postgres runs of the other suites cover the guard.
let database: Database
let node: AnvilHandle
let upstream: TestUpstream
let proxy: ProxyApp

beforeAll(async () => {
  node = await startAnvil({ port: await freePort() })
  database = await openDatabase({})
  upstream = await startTestUpstream(node.rpcUrl)
  proxy = await startProxyApp(database, [upstream.url])
})
afterAll(async () => {
  await proxy?.close()
  await upstream?.kill()
  await database?.close()
  await node?.stop()
})

describe('POST /v1/rpc: who may call it', () => {
  test('the project guard applies as on every /v1 route, CORS preflight included', async () => {
    const url = `/v1/rpc?chainId=31337&projectId=${proxy.projectId}`
    const payload = JSON.stringify(call(1, 'eth_chainId'))
    const foreign = await proxy.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.statusCode).toBe(403)
    const unknown = await proxy.app.inject({
      method: 'POST',
      url: `/v1/rpc?chainId=31337&projectId=${'0'.repeat(32)}`,
      payload,
      headers: { origin: PAGE_ORIGIN },
    })
    expect(unknown.statusCode).toBe(401)
    const preflight = await proxy.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: PAGE_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type')
    const allowed = await proxy.rpc(call(1, 'eth_chainId'))
    expect(allowed.headers['access-control-allow-origin']).toBe(PAGE_ORIGIN)
  })

  test('chainId takes 31337 or eip155:31337; another chain or none is a 400 that says why', async () => {
    expect((await proxy.rpc(call(1, 'eth_chainId'), 'chainId=eip155:31337')).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x7a69',
    })
    const other = await proxy.rpc(call(1, 'eth_chainId'), 'chainId=1')
    expect(other.statusCode).toBe(400)
    expect(other.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Chain is not supported: 1 (the RPC proxy serves 31337)' },
    })
    const none = await proxy.rpc(call(1, 'eth_chainId'), 'x=1')
    expect(none.statusCode).toBe(400)
    expect(none.json().error.message).toBe(
      'query.chainId: chainId is required: chainId must be a chain id such as 31337 or eip155:31337',
    )
    const malformed = await proxy.rpc(call(1, 'eth_chainId'), 'chainId=solana:1')
    expect(malformed.statusCode).toBe(400)
  })
})

describe('POST /v1/rpc: what it answers', () => {
  test('a batch is answered in order under its own ids; refused and malformed calls in their places', async () => {
    const nonceBefore = await askNode(node.rpcUrl, call(0, 'eth_getTransactionCount', [me, 'latest']))
    const batch = [
      call('first', 'eth_getBalance', [me, 'latest']),
      call(2, 'eth_sendTransaction', [{ from: me, to: DEV_ACCOUNTS[1].address, value: '0x1' }]),
      { jsonrpc: '2.0', id: 3, params: [] },
      call(4, 'anvil_setBalance', [me, '0x0']),
      call(5, 'eth_accounts'),
      call(6, 'personal_sign', ['0x00', me]),
      call(7, 'eth_blockNumber'),
      call(8, 'eth_chainId'),
    ]
    const response = await proxy.rpc(batch)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      {
        jsonrpc: '2.0',
        id: 'first',
        result: (
          (await askNode(node.rpcUrl, call(0, 'eth_getBalance', [me, 'latest']))) as { result: string }
        ).result,
      },
      { jsonrpc: '2.0', id: 2, error: NOT_ALLOWED },
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32600, message: 'Invalid request: method: must be a string' },
      },
      { jsonrpc: '2.0', id: 4, error: NOT_ALLOWED },
      { jsonrpc: '2.0', id: 5, error: NOT_ALLOWED },
      { jsonrpc: '2.0', id: 6, error: NOT_ALLOWED },
      { jsonrpc: '2.0', id: 7, result: expect.stringMatching(/^0x[0-9a-f]+$/) },
      { jsonrpc: '2.0', id: 8, result: '0x7a69' },
    ])
    // anvil would have signed with its unlocked dev account: nothing of the kind reached it.
    for (const method of ['eth_sendTransaction', 'anvil_setBalance', 'eth_accounts', 'personal_sign'])
      expect(upstream.callsOf(method)).toBe(0)
    expect(await askNode(node.rpcUrl, call(0, 'eth_getTransactionCount', [me, 'latest']))).toEqual(
      nonceBefore,
    )
  })

  test('a batch of 1000 goes upstream as one request; 1001 is refused', async () => {
    // A thousand addresses: identical calls would be asked once (single-flight.ts).
    const addresses = Array.from({ length: 1000 }, (_, i) => numberToHex(0xba1 + i, { size: 20 }))
    const batch = Array.from({ length: 1000 }, (_, i) =>
      call(1000 - i, 'eth_getBalance', [addresses[i], 'latest']),
    )
    const requestsBefore = upstream.requests.filter((entry) =>
      entry.methods.includes('eth_getBalance'),
    ).length
    const response = await proxy.rpc(batch)
    expect(response.statusCode).toBe(200)
    const answers = response.json() as { id: number; result: string }[]
    expect(answers.map((answer) => answer.id)).toEqual(batch.map((element) => element.id))
    const direct = (await askNode(node.rpcUrl, batch)) as { id: number; result: string }[]
    const byId = new Map(direct.map((answer) => [answer.id, answer.result]))
    for (const answer of answers) expect(answer.result).toBe(byId.get(answer.id))
    const forwarded = upstream.requests
      .filter((entry) => entry.methods.includes('eth_getBalance'))
      .slice(requestsBefore)
    expect(forwarded.map((entry) => entry.methods.length)).toEqual([1000])

    const tooMany = await proxy.rpc([...batch, call(0, 'eth_chainId')])
    expect(tooMany.statusCode).toBe(200)
    expect(tooMany.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request: a batch of 1001 calls is over the limit of 1000' },
    })
  })

  test('bad input is a JSON-RPC error, never a 5xx or a stack', async () => {
    const cases: [string, number][] = [
      ['{"jsonrpc":"2.0","id":1,', -32700],
      ['', -32700],
      ['[]', -32600],
      ['"eth_chainId"', -32600],
      ['{"jsonrpc":"2.0","method":"eth_chainId"}', -32600],
      [`{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":"0x"}`, -32600],
    ]
    for (const [body, code] of cases) {
      const response = await proxy.rpc(body)
      expect(response.statusCode, body).toBe(200)
      expect(response.json().error.code, body).toBe(code)
      expect(response.body).not.toMatch(/at .*\.ts|node_modules/)
    }
    // Not JSON's content type is read all the same: the body is what counts.
    const plain = await proxy.app.inject({
      method: 'POST',
      url: `/v1/rpc?chainId=31337&projectId=${proxy.projectId}`,
      headers: { origin: PAGE_ORIGIN, 'content-type': 'text/plain' },
      payload: JSON.stringify(call(1, 'eth_chainId')),
    })
    expect(plain.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    const empty = await proxy.app.inject({
      method: 'POST',
      url: `/v1/rpc?chainId=31337&projectId=${proxy.projectId}`,
      headers: { origin: PAGE_ORIGIN },
    })
    expect(empty.json().error.code).toBe(-32700)
  })

  test('params nested thousands deep are an invalid request at once, and nothing goes upstream', async () => {
    const asked = upstream.callsOf('eth_call')
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`
    const started = performance.now()
    const response = await proxy.rpc(`{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${deep}}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Invalid request: params are nested more than 32 levels deep' },
    })
    expect(performance.now() - started).toBeLessThan(500)
    expect(upstream.callsOf('eth_call')).toBe(asked)
  })

  test("the node's own errors come back unchanged, revert data included", async () => {
    // Creation code that reverts with the four bytes 0xdeadbeef.
    const reverting = call(9, 'eth_call', [{ data: '0x63deadbeef6000526004601cfd' }, 'latest'])
    const direct = (await askNode(node.rpcUrl, reverting)) as { error: { data: string } }
    expect(direct.error.data).toBe('0xdeadbeef')
    expect((await proxy.rpc(reverting)).json()).toEqual(direct)
    const badParams = call(10, 'eth_getBalance', ['not an address', 'latest'])
    const viaProxy = await proxy.rpc(badParams)
    expect(viaProxy.statusCode).toBe(200)
    expect(viaProxy.json()).toEqual(await askNode(node.rpcUrl, badParams))
  })

  test('a batch the node refuses as a whole (a call it cannot read) is asked call by call', async () => {
    // A lone surrogate is valid JSON for the proxy, but not text a Rust node parses.
    const unreadable = '{"jsonrpc":"2.0","id":2,"method":"eth_getBalance","params":["\\ud800","latest"]}'
    const response = await proxy.rpc(`[${JSON.stringify(call(1, 'eth_blockNumber'))},${unreadable}]`)
    expect(response.statusCode).toBe(200)
    const [good, bad] = response.json() as [
      { id: number; result: string },
      { id: number; error: { code: number } },
    ]
    expect(good).toMatchObject({ id: 1, result: expect.stringMatching(/^0x/) })
    expect(bad).toMatchObject({ id: 2, error: { code: expect.any(Number) } })
  })
})

describe('POST /v1/rpc: the cache', () => {
  test('the chain id and a block by hash are asked upstream once', async () => {
    const genesis = (await askNode(node.rpcUrl, call(1, 'eth_getBlockByNumber', ['0x0', false]))) as {
      result: { hash: string }
    }
    const byHash = call(1, 'eth_getBlockByHash', [genesis.result.hash, false])
    const before = { chainId: upstream.callsOf('eth_chainId'), block: upstream.callsOf('eth_getBlockByHash') }
    for (let i = 0; i < 3; i++) {
      expect((await proxy.rpc(byHash)).json()).toEqual({ jsonrpc: '2.0', id: 1, result: genesis.result })
      expect((await proxy.rpc(call(i, 'eth_chainId'))).json().result).toBe('0x7a69')
    }
    expect(upstream.callsOf('eth_getBlockByHash') - before.block).toBe(1)
    expect(upstream.callsOf('eth_chainId') - before.chainId).toBeLessThanOrEqual(1)
    // An unknown hash answers null, which is not kept: the block may yet arrive.
    const unknown = call(2, 'eth_getBlockByHash', [`0x${'12'.repeat(32)}`, false])
    expect((await proxy.rpc(unknown)).json().result).toBeNull()
    expect((await proxy.rpc(unknown)).json().result).toBeNull()
    expect(upstream.callsOf('eth_getBlockByHash') - before.block).toBe(3)
  })

  test(`a signed transaction goes through; its receipt is kept once ${SAFE_DEPTH} blocks lie on it`, async () => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[2].privateKey),
      chain: anvilChain,
      transport: http(node.rpcUrl),
    })
    const raw = await wallet.signTransaction(
      await wallet.prepareTransactionRequest({ to: DEV_ACCOUNTS[3].address, value: parseEther('0.01') }),
    )
    const sent = (await proxy.rpc(call(1, 'eth_sendRawTransaction', [raw]))).json() as {
      result: `0x${string}`
    }
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = call(2, 'eth_getTransactionReceipt', [sent.result])
    const direct = (await askNode(node.rpcUrl, receipt)) as {
      result: { blockNumber: string; status: string }
    }
    expect(direct.result.status).toBe('0x1')

    const asked = () => upstream.callsOf('eth_getTransactionReceipt')
    const start = asked()
    expect((await proxy.rpc(receipt)).json()).toEqual(direct)
    expect((await proxy.rpc(receipt)).json()).toEqual(direct)
    expect(asked() - start).toBe(2)

    await askNode(node.rpcUrl, call(3, 'anvil_mine', [`0x${SAFE_DEPTH.toString(16)}`]))
    const buried = BigInt(direct.result.blockNumber) + SAFE_DEPTH
    await eventually(() => (proxy.relay.pool.head() ?? 0n) >= buried, 5_000, 'the pool sees the new head')
    expect((await proxy.rpc(receipt)).json()).toEqual(direct)
    expect((await proxy.rpc(receipt)).json()).toEqual(direct)
    expect((await proxy.rpc(receipt)).json()).toEqual(direct)
    expect(asked() - start).toBe(3)
  })
})

test('a filter is asked of the node that made it; when that node is gone, the filter is "not found"', async () => {
  const second = await startAnvil({ port: await freePort() })
  const [a, b] = await Promise.all([startTestUpstream(node.rpcUrl), startTestUpstream(second.rpcUrl)])
  const pair = await startProxyApp(database, [a.url, b.url])
  try {
    const created = (await pair.rpc(call(1, 'eth_newBlockFilter'))).json() as { result: string }
    const maker = a.callsOf('eth_newBlockFilter') === 1 ? a : b
    const other = maker === a ? b : a
    for (let i = 0; i < 5; i++) {
      const changes = (await pair.rpc(call(i, 'eth_getFilterChanges', [created.result]))).json()
      expect(changes.result).toEqual(expect.any(Array))
    }
    expect(maker.callsOf('eth_getFilterChanges')).toBe(5)
    expect(other.callsOf('eth_getFilterChanges')).toBe(0)
    await maker.kill()
    const lost = await pair.rpc(call(9, 'eth_getFilterChanges', [created.result]))
    expect(lost.statusCode).toBe(200)
    expect(lost.json()).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32000, message: 'filter not found' },
    })
    // A new filter is made on the node that is left.
    const again = (await pair.rpc(call(10, 'eth_newBlockFilter'))).json() as { result: string }
    expect((await pair.rpc(call(11, 'eth_getFilterChanges', [again.result]))).json().result).toEqual(
      expect.any(Array),
    )
  } finally {
    await pair.close()
    await Promise.all([a.kill(), b.kill()]).catch(() => undefined)
    await second.stop()
  }
})

test('the proxy serves only the chains it was given', () => {
  expect(proxy.proxy.chainIds).toEqual([CHAIN_ID])
  expect(proxy.proxy.relayFor(1)).toBeUndefined()
})
