import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type PublicClient,
  type Transport,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abiShape } from './abi-shape.ts'
import { demoCollectionAbi } from './abis.ts'
import { compileContracts } from './compile.ts'
import {
  type AnvilHandle,
  DEMO_GENESIS_OFFSET_SECONDS,
  DEV_ACCOUNTS,
  type DemoDeployment,
  demoTokenAbi,
  ensureDemoDeployment,
  startAnvil,
} from './index.ts'
import { freePort } from './testing.ts'

const [account0, account1, account2] = [
  DEV_ACCOUNTS[0].address,
  DEV_ACCOUNTS[1].address,
  DEV_ACCOUNTS[2].address,
]
const nowSeconds = () => Math.floor(Date.now() / 1000)
const DAY = 86_400

let dataDir: string
let statePath: string
let port: number
let anvil: AnvilHandle
let client: PublicClient<Transport, Chain | undefined>
let deployment: DemoDeployment
let blockAfterSeed: bigint

async function start(options: { statePath?: string; genesisTimestamp?: number } = {}) {
  anvil = await startAnvil({ port, ...options })
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
}

async function mineOneBlock() {
  await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks: 1 })
  return client.getBlock()
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-contracts-'))
  statePath = join(dataDir, 'anvil', 'state.json')
  port = await freePort()
  await start({ statePath, genesisTimestamp: nowSeconds() - DEMO_GENESIS_OFFSET_SECONDS })
  deployment = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
  blockAfterSeed = await client.getBlockNumber()
})

afterAll(async () => {
  await anvil?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

function decodeBase64Strictly(dataUri: string, prefix: string): string {
  expect(dataUri.startsWith(prefix)).toBe(true)
  const encoded = dataUri.slice(prefix.length)
  const bytes = Buffer.from(encoded, 'base64')
  // Buffer skips what it cannot read; re-encoding shows the Solidity encoder wrote valid base64.
  expect(bytes.toString('base64')).toBe(encoded)
  return bytes.toString('utf8')
}

describe('demo deployment', () => {
  it('derives the same dev accounts as anvil', async () => {
    const accounts = await createWalletClient({ transport: http(anvil.rpcUrl) }).getAddresses()
    expect(accounts.map((address) => address.toLowerCase())).toEqual(
      DEV_ACCOUNTS.map(({ address }) => address.toLowerCase()),
    )
  })

  it('has ABIs that match the compiled contracts, compiled from the cache', async () => {
    const started = Date.now()
    const compiled = await compileContracts({ cacheDir: dataDir })
    expect(Date.now() - started).toBeLessThan(500)
    expect(abiShape(demoTokenAbi)).toEqual(abiShape(compiled.DemoToken?.abi ?? []))
    expect(abiShape(demoCollectionAbi)).toEqual(abiShape(compiled.DemoCollection?.abi ?? []))
  })

  it('funds the dev accounts with the four tokens', async () => {
    expect(deployment.reused).toBe(false)
    expect(deployment.chainId).toBe(31337)
    const { USDC, DAI, POINTS } = deployment.tokens
    const read = <const F extends 'decimals' | 'symbol' | 'name'>(address: Address, functionName: F) =>
      client.readContract({ address, abi: demoTokenAbi, functionName })
    const balance = (address: Address, owner: Address) =>
      client.readContract({ address, abi: demoTokenAbi, functionName: 'balanceOf', args: [owner] })

    expect(await read(USDC.address, 'decimals')).toBe(6)
    expect(await read(USDC.address, 'name')).toBe('USD Coin')
    expect(await read(POINTS.address, 'decimals')).toBe(0)
    expect(USDC).toMatchObject({ name: 'USD Coin', symbol: 'USDC', decimals: 6 })
    // 25,000 minted, minus 1,200 + 200 + 42.5 sent, plus 300 received.
    expect(await balance(USDC.address, account0)).toBe(23_857_500_000n)
    // 12,000 minted, plus 250 received, minus 50 sent.
    expect(await balance(DAI.address, account0)).toBe(12_200n * 10n ** 18n)
    expect(await balance(POINTS.address, account0)).toBe(155_000n)
    expect(deployment.seededAccounts).toEqual(DEV_ACCOUNTS.slice(0, 5).map(({ address }) => address))
  })

  it('mints orbs and a spam NFT with on-chain metadata and artwork', async () => {
    const { collection, spam } = deployment.nfts
    expect(collection).toMatchObject({ name: 'Portico Orbs', symbol: 'ORB' })
    expect(spam).toMatchObject({ name: 'Free Airdrop Claim', symbol: 'SPAM' })
    const ownerOf = (address: Address, tokenId: bigint) =>
      client.readContract({ address, abi: demoCollectionAbi, functionName: 'ownerOf', args: [tokenId] })

    expect(await ownerOf(spam.address, 1n)).toBe(account0)
    expect(await Promise.all([1n, 2n, 3n, 4n].map((id) => ownerOf(collection.address, id)))).toEqual([
      account0,
      account0,
      account1,
      account0,
    ])
    for (const interfaceId of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f'] as const) {
      expect(
        await client.readContract({
          address: collection.address,
          abi: demoCollectionAbi,
          functionName: 'supportsInterface',
          args: [interfaceId],
        }),
      ).toBe(true)
    }

    const uris = [
      ...[1n, 2n, 3n, 4n].map((id) => ({ address: collection.address, id, name: `Portico Orbs #${id}` })),
      { address: spam.address, id: 1n, name: 'Free Airdrop Claim #1' },
    ]
    for (const { address, id, name } of uris) {
      const uri = await client.readContract({
        address,
        abi: demoCollectionAbi,
        functionName: 'tokenURI',
        args: [id],
      })
      const metadata = JSON.parse(decodeBase64Strictly(uri, 'data:application/json;base64,'))
      expect(metadata.name).toBe(name)
      expect(metadata.description).toEqual(expect.any(String))
      const svg = decodeBase64Strictly(metadata.image, 'data:image/svg+xml;base64,')
      expect(svg.startsWith('<svg')).toBe(true)
      expect(svg).toContain(`#${id}</text></svg>`)
    }
  })

  it('spreads the history from the previous calendar year to a few days ago, then follows the clock', async () => {
    const first = await client.getBlock({ blockNumber: BigInt(deployment.firstBlock) })
    const yearOf = (seconds: bigint) => new Date(Number(seconds) * 1000).getUTCFullYear()
    expect(yearOf(first.timestamp)).toBe(new Date().getUTCFullYear() - 1)

    const lastSeeded = await client.getBlock({ blockNumber: blockAfterSeed - 1n })
    expect(lastSeeded.transactions).toHaveLength(1)
    const age = nowSeconds() - Number(lastSeeded.timestamp)
    expect(age).toBeGreaterThan(2 * DAY)
    expect(age).toBeLessThan(5 * DAY)

    const mined = await mineOneBlock()
    expect(Math.abs(Number(mined.timestamp) - nowSeconds())).toBeLessThanOrEqual(5)
  })

  it('reuses the deployment on the same chain without sending a transaction', async () => {
    const before = await client.getBlockNumber()
    const again = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
    expect(again).toEqual({ ...deployment, reused: true })
    expect(await client.getBlockNumber()).toBe(before)
  })

  it('resumes the chain from its state file after a restart', async () => {
    const before = await client.getBlock()
    await anvil.stop()
    // The genesis time must be ignored for a saved chain, or new blocks would predate old ones.
    await start({ statePath, genesisTimestamp: nowSeconds() - DEMO_GENESIS_OFFSET_SECONDS })
    const again = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
    expect(again).toEqual({ ...deployment, reused: true })
    expect(await client.getBlockNumber()).toBe(before.number)

    const mined = await mineOneBlock()
    expect(mined.timestamp).toBeGreaterThanOrEqual(before.timestamp)
    expect(Math.abs(Number(mined.timestamp) - nowSeconds())).toBeLessThanOrEqual(5)
  })

  it('seeds a chain newer than the planned history without going back in time', async () => {
    await anvil.stop()
    await start()
    const genesis = await client.getBlock({ blockNumber: 0n })
    const fresh = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
    expect(fresh.reused).toBe(false)

    const latest = await client.getBlockNumber()
    let previous = genesis.timestamp
    for (let number = 1n; number <= latest; number++) {
      const { timestamp } = await client.getBlock({ blockNumber: number })
      expect(timestamp).toBeGreaterThanOrEqual(previous)
      previous = timestamp
    }
    expect(Number(previous)).toBeLessThanOrEqual(nowSeconds() + 1)
    const mined = await mineOneBlock()
    expect(Math.abs(Number(mined.timestamp) - nowSeconds())).toBeLessThanOrEqual(5)
    expect(
      await client.readContract({
        address: fresh.tokens.USDC.address,
        abi: demoTokenAbi,
        functionName: 'balanceOf',
        args: [account2],
      }),
    ).toBe(4_400_000_000n)
  })

  it('redeploys when the recorded addresses hold code from another chain history', async () => {
    const other = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
    await anvil.stop()
    await start({ statePath })
    // Same deployer nonces, so the saved chain has contracts at the addresses just recorded.
    expect(await client.getCode({ address: other.tokens.USDC.address })).not.toBe('0x')
    const redeployed = await ensureDemoDeployment({ rpcUrl: anvil.rpcUrl, dataDir })
    expect(redeployed.reused).toBe(false)
    expect(redeployed.tokens.USDC.address).not.toBe(other.tokens.USDC.address)
  })
})
