import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, formatUnits, http, type PublicClient, parseEther } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { abiShape } from './abi-shape.ts'
import type { DemoDeployment } from './deployment.ts'
import { type AnvilHandle, DEMO_POOLS, ensureDemoDeployment, ensureUniswap, startAnvil } from './index.ts'
import { freePort } from './testing.ts'
import { uniswapFactoryAbi, uniswapPairAbi, uniswapRouterAbi } from './uniswap-abis.ts'
import { readUniswapArtifact } from './uniswap-artifacts.ts'

let dataDir: string
let port: number
let anvil: AnvilHandle
let client: PublicClient
let demo: DemoDeployment

async function startChain() {
  anvil = await startAnvil({ port })
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient
  demo = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
}
const ensure = (symbols: Array<'USDC' | 'DAI'>) =>
  ensureUniswap({ rpcUrl: anvil.rpcUrl, dataDir, tokens: symbols.map((symbol) => demo.tokens[symbol]) })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-uniswap-'))
  port = await freePort()
  await startChain()
})
afterAll(async () => {
  await anvil?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('our Uniswap ABIs are members of the npm artifacts’ own', async () => {
  const [factory, router] = await Promise.all([
    readUniswapArtifact('UniswapV2Factory'),
    readUniswapArtifact('UniswapV2Router02'),
  ])
  const pairPath = createRequire(import.meta.url).resolve('@uniswap/v2-core/build/UniswapV2Pair.json')
  const pairAbi = JSON.parse(await readFile(pairPath, 'utf8')).abi
  for (const [ours, theirs] of [
    [uniswapFactoryAbi, factory.abi],
    [uniswapRouterAbi, router.abi],
    [uniswapPairAbi, pairAbi],
  ] as const)
    expect(abiShape(theirs)).toEqual(expect.arrayContaining(abiShape(ours)))
})

test('deploys factory, WETH9 and router, and prices the pool at the demo prices', async () => {
  const first = await ensure(['USDC'])
  expect(first).toMatchObject({ chainId: 31337, status: 'deployed' })
  expect(first.pools.map((pool) => pool.symbol)).toEqual(['USDC'])
  const read = <const F extends 'factory' | 'WETH'>(functionName: F) =>
    client.readContract({ address: first.router, abi: uniswapRouterAbi, functionName })
  expect([await read('factory'), await read('WETH')]).toEqual([first.factory, first.weth])

  const { abi } = await readUniswapArtifact('UniswapV2Router02')
  // A small trade sees the pool's own price, less its 0.3 % fee.
  const amounts = (await client.readContract({
    address: first.router,
    abi,
    functionName: 'getAmountsOut',
    args: [parseEther('0.001'), [first.weth, demo.tokens.USDC.address]],
  })) as bigint[]
  const usdcPerEth = Number(formatUnits(amounts[1] ?? 0n, 6)) * 1000
  expect(usdcPerEth).toBeCloseTo(DEMO_POOLS.ethUsd * 0.997, 0)
  const [reserve0, reserve1] = await client.readContract({
    address: first.pools[0]?.pair ?? '0x',
    abi: uniswapPairAbi,
    functionName: 'getReserves',
  })
  expect([reserve0, reserve1].sort()).toEqual([parseEther('1000'), 3_000_000_000_000n].sort())
})

test('is idempotent: a new token only seeds its pool, and a second call sends nothing', async () => {
  const before = await ensure(['USDC'])
  expect(before.status).toBe('reused')
  const grown = await ensure(['USDC', 'DAI'])
  expect(grown).toMatchObject({
    status: 'seeded',
    factory: before.factory,
    weth: before.weth,
    router: before.router,
  })
  expect(grown.pools.map((pool) => pool.symbol)).toEqual(['USDC', 'DAI'])
  const head = await client.getBlockNumber()
  const again = await ensure(['USDC', 'DAI'])
  expect(again).toEqual({ ...grown, status: 'reused' })
  expect(await client.getBlockNumber()).toBe(head)
  const records = JSON.parse(await readFile(join(dataDir, 'uniswap.json'), 'utf8'))
  expect(records['31337']).toMatchObject({ router: grown.router, pools: grown.pools })
})

test('a chain started afresh gets new contracts, whatever the record says', async () => {
  const old = await ensure(['USDC', 'DAI'])
  await anvil.stop()
  await startChain()
  const fresh = await ensure(['USDC', 'DAI'])
  expect(fresh.status).toBe('deployed')
  expect(await client.getCode({ address: fresh.router })).not.toBe('0x')
  expect(fresh.pools.map((pool) => pool.symbol)).toEqual(old.pools.map((pool) => pool.symbol))
})
