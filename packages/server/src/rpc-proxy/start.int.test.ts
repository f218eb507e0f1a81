import { setTimeout as pause } from 'node:timers/promises'
import { type AnvilHandle, DEV_ACCOUNTS, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { servicesTransport } from '@portico/core'
import { createPublicClient } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startServer } from '../start.ts'
import { startTestUpstream, type TestUpstream } from '../test-support/rpc-upstream.ts'
import { RANKING } from './upstreams.ts'

const PAGE = 'https://dapp.example'
const DEV_PROJECT = { id: 'e'.repeat(32), name: 'Dapp', origins: [PAGE] }

let node: AnvilHandle
let upstream: TestUpstream

beforeAll(async () => {
  node = await startAnvil({ port: await freePort() })
  upstream = await startTestUpstream(node.rpcUrl)
})
afterAll(async () => {
  await upstream?.kill()
  await node?.stop()
})

// The embedded database (no data folder): the proxy keeps nothing in it.
test("startServer's rpcProxy: a dapp's viem client reads through it, and closing ends the sampling", async () => {
  const server = await startServer({
    port: 0,
    devProject: DEV_PROJECT,
    rpcProxy: { upstreams: { [anvilChain.id]: [upstream.url] } },
  })
  try {
    const client = createPublicClient({
      chain: anvilChain,
      transport: servicesTransport({
        servicesUrl: server.url,
        projectId: DEV_PROJECT.id,
        chainId: anvilChain.id,
        // A page's browser sends its Origin by itself; a script must say it.
        config: { fetchOptions: { headers: { origin: PAGE } } },
      }),
    })
    const address = DEV_ACCOUNTS[0].address
    const [balance, block] = await Promise.all([client.getBalance({ address }), client.getBlockNumber()])
    expect(balance).toBe(10_000n * 10n ** 18n)
    expect(block).toBe(0n)
    // Asked together, they went up as one batch, and on to the upstream as one.
    expect(upstream.requests.map((entry) => [...entry.methods].sort())).toContainEqual([
      'eth_blockNumber',
      'eth_getBalance',
    ])
  } finally {
    await server.close()
  }
  const asked = upstream.requests.length
  await pause(RANKING.intervalMs + RANKING.sampleTimeoutMs)
  expect(upstream.requests.length).toBe(asked)
})
