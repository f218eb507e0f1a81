import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_POOL_TOKENS, ensureDemoDeployment, ensureUniswap, startAnvil } from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { buildServer, createProject, openDatabase } from '@portico/server'
import { SwapsOptions } from '@portico/server/testing'
import { markdownTable } from '../scripts/markdown-table.ts'
import { openLoop } from './open-loop.ts'

/**
 * Swap quotes (`GET /v1/convert/quotes`) at a steady RATE for SECONDS (open loop, see
 * open-loop.ts) against the demo pools on anvil: each quote reads the block number, the router's
 * getAmountsOut and every pool's reserves from the node. One-hop quotes (ETH and a token) and
 * two-hop ones (token to token through WETH, where both ways are asked) are measured apart.
 * Services, anvil and the load generator share the machine's cores.
 */
const RATE = 200
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PAGE = 'http://bench.example'
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

const dataDir = await mkdtemp(join(tmpdir(), 'portico-bench-convert-'))
const anvil = await startAnvil({ port: await freePort() })
const database = await openDatabase({})
try {
  const deployment = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
  const tokens = DEMO_POOL_TOKENS.map((key) => deployment.tokens[key])
  const { router, factory, weth } = await ensureUniswap({ rpcUrl: anvil.rpcUrl, dataDir, tokens })
  const swaps = SwapsOptions.parse({
    chains: { [deployment.chainId]: { rpcUrl: anvil.rpcUrl, router, factory, weth, tokens } },
  })
  const app = await buildServer({ database, swaps })
  try {
    const project = await createProject(database.db, { name: 'Bench', origins: [PAGE] })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/convert/quotes`
    const caip = (address: string) => `eip155:${deployment.chainId}:${address}`
    const [eth, usdc, dai] = [
      caip(NATIVE),
      caip(deployment.tokens.USDC.address),
      caip(deployment.tokens.DAI.address),
    ]
    const url = (amount: string, from: string, to: string) =>
      `${base}?amount=${amount}&from=${from}&to=${to}&projectId=${project.id}`
    const scenarios = {
      'one hop (ETH ↔ USDC, DAI)': [
        url('1000000000000000000', eth, usdc),
        url('2500000000', usdc, eth),
        url('250000000000000000', eth, dai),
        url('100000000000000000000', dai, eth),
      ],
      'two hops (USDC ↔ DAI through WETH)': [
        url('100000000', usdc, dai),
        url('100000000000000000000', dai, usdc),
      ],
    }
    const rows: string[][] = []
    for (const [name, urls] of Object.entries(scenarios)) {
      const result = await openLoop({
        urls,
        rate: RATE,
        seconds: SECONDS,
        warmupSeconds: 2,
        connections: 16,
        headers: { origin: PAGE },
      })
      rows.push([name, `${RATE}`, `${result.served}`, `${result.p50}`, `${result.p99}`, `${result.errors}`])
    }
    console.log(
      markdownTable(['quotes', 'offered req/s', 'served req/s', 'p50 ms', 'p99 ms', 'errors'], rows),
    )
  } finally {
    await app.close()
  }
} finally {
  await database.close()
  await anvil.stop()
  await rm(dataDir, { recursive: true, force: true })
}
