import { type AnvilHandle, DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { type FrameApp, startFrameApp } from '../test-support/frame-call.ts'
import { askNode, CHAIN_ID, call, TEST_SETTINGS } from '../test-support/rpc-proxy-app.ts'
import { startTestUpstream, type TestUpstream } from '../test-support/rpc-upstream.ts'
import { type RpcProxy, startRpcProxy } from './service.ts'

// PGlite only: what is tested is where the wallet's reads go, not how sessions are stored.
let database: Database
let node: AnvilHandle
let dead: TestUpstream
let alive: TestUpstream
let proxy: RpcProxy
let frame: FrameApp

beforeAll(async () => {
  node = await startAnvil({ port: await freePort() })
  database = await openDatabase({})
  ;[dead, alive] = await Promise.all([startTestUpstream(node.rpcUrl), startTestUpstream(node.rpcUrl)])
  await dead.kill()
  proxy = startRpcProxy({ upstreams: { [CHAIN_ID]: [dead.url, alive.url] } }, TEST_SETTINGS)
  // The wallet's own chain URL is a closed port: only the proxy's pool can answer its reads.
  frame = await startFrameApp(database, {
    chain: { rpcUrl: 'http://127.0.0.1:9', chainId: CHAIN_ID },
    rpcProxy: proxy,
  })
})
afterAll(async () => {
  await frame?.close()
  proxy?.stop()
  await alive?.kill()
  await database?.close()
  await node?.stop()
})

test("the embedded wallet's safe calls go through the proxy's upstream pool, around a dead upstream", async () => {
  const session = await frame.login('reader@example.com')
  const params = [DEV_ACCOUNTS[0].address, 'latest']
  const direct = (await askNode(node.rpcUrl, call(1, 'eth_getBalance', params))) as { result: string }
  const answer = await frame.as(session)('/rpc', { method: 'eth_getBalance', params })
  expect(answer.statusCode).toBe(200)
  expect(answer.json()).toEqual({ result: direct.result })
  expect(alive.callsOf('eth_getBalance')).toBe(1)
  // The pool's cache serves the wallet too.
  for (let i = 0; i < 2; i++)
    expect((await frame.as(session)('/rpc', { method: 'eth_chainId' })).json()).toEqual({ result: '0x7a69' })
  expect(alive.callsOf('eth_chainId')).toBe(1)
})
