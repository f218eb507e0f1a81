import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AnvilHandle, DEV_ACCOUNTS, demoTokenAbi, deployDemoToken, startAnvil } from '@portico/contracts'
import { freePort, setTestMulticall3 } from '@portico/contracts/testing'
import type { FastifyInstance } from 'fastify'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  erc20Abi,
  formatUnits,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseUnits,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import type { Database } from '../db/database.ts'
import { BackfillWorker } from '../indexer/backfill.ts'
import { ChainIndexer } from '../indexer/indexer.ts'
import { createProject } from '../projects/repository.ts'
import { buildServer } from '../server.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { startTestUpstream, type TestUpstream } from '../test-support/rpc-upstream.ts'
import { ChainOptions, type ChainOptionsInput } from './config.ts'

// Not anvil's 31337: nothing may take the chain id for granted.
const CHAIN_ID = 8453
const chain = defineChain({
  id: CHAIN_ID,
  name: 'Chain 8453',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
const MINTER = 0
const HOLDER = 4
const holder = DEV_ACCOUNTS[HOLDER].address
const FRIEND = 6
const friend = DEV_ACCOUNTS[FRIEND].address
const PAGE = 'https://wallet.example'
// DemoToken's storage: name, symbol, totalSupply, then the balanceOf mapping.
const BALANCE_OF_SLOT = 3n
// PUSH1 0 PUSH1 0 REVERT, and a contract answering any call with the single byte 0xff.
const REVERTING_CODE: Hex = '0x60006000fd'
const GARBAGE_CODE: Hex = '0x60ff60005360016000f3'
const REVERTING = '0x00000000000000000000000000000000000ba5e1'
const GARBAGE = '0x00000000000000000000000000000000000ba5e2'

const Balances = z.object({
  balances: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: z.string().optional(),
      quantity: z.object({ decimals: z.string(), numeric: z.string() }),
      verified: z.boolean(),
    }),
  ),
})

let dataDir: string
let anvil: AnvilHandle
let node: TestUpstream
let client: PublicClient
let startBlock: number
let tokens: Record<'dollar' | 'gold' | 'broken', Address>

const wallet = (from: typeof MINTER | typeof HOLDER | typeof FRIEND) =>
  createWalletClient({
    account: privateKeyToAccount(DEV_ACCOUNTS[from].privateKey),
    chain,
    transport: http(anvil.rpcUrl),
  })

async function send(
  from: typeof MINTER | typeof HOLDER | typeof FRIEND,
  token: Address,
  functionName: 'mint' | 'transfer',
  to: Address,
  amount: bigint,
) {
  const hash = await wallet(from).writeContract({
    address: token,
    abi: demoTokenAbi,
    functionName,
    args: [to, amount],
  })
  await client.waitForTransactionReceipt({ hash })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portico-balances-'))
  anvil = await startAnvil({ port: await freePort(), chainId: CHAIN_ID })
  client = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 20 }) as PublicClient
  const testClient = createTestClient({ mode: 'anvil', chain, transport: http(anvil.rpcUrl) })
  const deploy = (name: string, symbol: string, decimals: number) =>
    deployDemoToken(wallet(MINTER), client, { name, symbol, decimals }, { cacheDir: dataDir })
  tokens = {
    dollar: await deploy('Base Dollar', 'BUSD', 6),
    gold: await deploy('Listed Gold', 'GOLD', 18),
    broken: await deploy('Broken Token', 'BRK', 18),
  }
  // Before the index begins: a mint the indexer never sees, and a balance no event ever announced.
  await send(MINTER, tokens.dollar, 'mint', holder, parseUnits('9924', 6))
  await testClient.setStorageAt({
    address: tokens.gold,
    index: keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, BALANCE_OF_SLOT]),
    ),
    value: toHex(parseUnits('7', 18), { size: 32 }),
  })
  await testClient.setCode({ address: REVERTING, bytecode: REVERTING_CODE })
  await testClient.setCode({ address: GARBAGE, bytecode: GARBAGE_CODE })
  startBlock = Number(await client.getBlockNumber({ cacheTime: 0 })) + 1
  // What the index sees: one more dollar, and a token that breaks before its metadata is read.
  await send(MINTER, tokens.dollar, 'mint', holder, parseUnits('1', 6))
  await send(MINTER, tokens.broken, 'mint', holder, parseUnits('5', 18))
  await testClient.setCode({ address: tokens.broken, bytecode: REVERTING_CODE })
  node = await startTestUpstream(anvil.rpcUrl)
}, 120_000)
afterAll(async () => {
  await node?.kill()
  await anvil?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describeEachBackend('balances read from the chain', (backend) => {
  let testDb: TestDatabase
  let database: Database
  let indexer: ChainIndexer
  const apps: FastifyInstance[] = []

  beforeAll(async () => {
    testDb = await backend.open()
    database = testDb.database
    // The holder is watched (as a dapp's first request would make it) from the start block on: its
    // past from there is backfilled, the rest is the head's.
    indexer = new ChainIndexer({
      database,
      client,
      chainId: CHAIN_ID,
      startBlock,
      watchAccounts: [holder],
      refreshWatchMs: 0,
      pollIntervalMs: 50,
      log: () => {},
    })
    await indexer.catchUp()
    const backfill = new BackfillWorker({ database, client, chainId: CHAIN_ID, retryMs: 0, log: () => {} })
    await backfill.drain()
    await backfill.stop()
  })
  afterAll(async () => {
    await indexer?.stop()
    for (const app of apps) await app.close()
    await testDb?.dispose()
  })

  /** A services instance of its own (so it asks afresh whether the chain has Multicall3). */
  async function services(options: Partial<ChainOptionsInput> = {}) {
    const config = ChainOptions.parse({
      rpcUrl: node.url,
      chainId: CHAIN_ID,
      startBlock,
      tokenList: [
        { chainId: CHAIN_ID, address: tokens.gold, name: 'Gold (listed)', symbol: 'GOLD', decimals: 18 },
        { chainId: CHAIN_ID, address: REVERTING, name: 'Reverts', symbol: 'REV', decimals: 18 },
        { chainId: CHAIN_ID, address: GARBAGE, name: 'Garbage', symbol: 'GRB', decimals: 18 },
        // Another chain's entry at the dollar's address: it must not make the dollar verified.
        { chainId: 1, address: tokens.dollar, name: 'Base Dollar', symbol: 'BUSD', decimals: 6 },
      ],
      ...options,
    })
    const app = await buildServer({
      database,
      chain: { database, client, config, caipNetworkId: `eip155:${CHAIN_ID}` },
    })
    apps.push(app)
    const project = await createProject(database.db, { name: 'Wallet', origins: [PAGE] })
    return async (query = '') => {
      const response = await app.inject({
        url: `/v1/account/${holder}/balance?projectId=${project.id}${query}`,
        headers: { origin: PAGE },
      })
      expect(response.statusCode).toBe(200)
      return Balances.parse(response.json()).balances
    }
  }

  const onChain = async (token: Address) =>
    formatUnits(
      await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
      6,
    )
  const quantityOf = (balances: z.output<typeof Balances>['balances'], symbol: string) =>
    balances.find((balance) => balance.symbol === symbol)?.quantity.numeric

  test('balances predating the index are exact, a listed token never transferred shows, broken tokens are left out; with and without Multicall3 alike, in one request to the node', async () => {
    const answers = []
    for (const multicall3 of [false, true]) {
      await setTestMulticall3(anvil.rpcUrl, multicall3, { cacheDir: dataDir })
      const balances = await services()
      await balances()
      node.requests.length = 0
      const answer = await balances('&forceUpdate=true')
      // The native balance and every token's, in one HTTP request to the node.
      expect(node.requests).toHaveLength(1)
      const methods = node.requests[0]?.methods.sort()
      // Without Multicall3: the dollar and the list's three tokens, and the native balance. The
      // broken token already reverted when it was indexed, so it has no decimals and is not asked.
      if (multicall3) expect(methods).toEqual(['eth_call'])
      else expect(methods).toEqual([...Array(4).fill('eth_call'), 'eth_getBalance'])
      answers.push(answer)
    }
    const [batched, multicalled] = answers
    expect(multicalled).toEqual(batched)
    expect(batched?.map((balance) => balance.symbol)).toEqual(['ETH', 'BUSD', 'GOLD'])
    // 9,924 minted before the index began and 1 after: the chain's figure, not the index's 1.
    expect(quantityOf(batched ?? [], 'BUSD')).toBe(await onChain(tokens.dollar))
    expect(Number(quantityOf(batched ?? [], 'BUSD'))).toBeGreaterThanOrEqual(9924)
    expect(batched?.find((balance) => balance.symbol === 'BUSD')).toMatchObject({
      name: 'Base Dollar',
      verified: false,
    })
    // Known to the index only from the token list: its name is the list's, and it is verified.
    expect(batched?.find((balance) => balance.symbol === 'GOLD')).toMatchObject({
      name: 'Gold (listed)',
      quantity: { decimals: '18', numeric: '7' },
      verified: true,
    })
  })

  test('a transfer shows at once with forceUpdate, and without it as soon as the indexer announces it', async () => {
    await setTestMulticall3(anvil.rpcUrl, true, { cacheDir: dataDir })
    // Kept far longer than the test runs: only forceUpdate or the announcement may refresh it.
    const balances = await services({ balanceCacheMs: 600_000 })
    const before = quantityOf(await balances(), 'BUSD')
    await send(HOLDER, tokens.dollar, 'transfer', friend, parseUnits('1451', 6))
    expect(quantityOf(await balances(), 'BUSD')).toBe(before)
    const afterFirst = quantityOf(await balances('&forceUpdate=true'), 'BUSD')
    expect(afterFirst).toBe(await onChain(tokens.dollar))
    expect(Number(afterFirst)).toBe(Number(before) - 1451)

    await send(HOLDER, tokens.dollar, 'transfer', friend, parseUnits('24', 6))
    expect(quantityOf(await balances(), 'BUSD')).toBe(afterFirst)
    await indexer.catchUp()
    // The announcement travels through the database after the commit: on Postgres, a moment later.
    await expect
      .poll(async () => quantityOf(await balances(), 'BUSD'), { timeout: 1_000, interval: 10 })
      .toBe(await onChain(tokens.dollar))
    expect(Number(await onChain(tokens.dollar))).toBe(Number(afterFirst) - 24)
    // Back where it was, for the next database's run of this file.
    await send(FRIEND, tokens.dollar, 'transfer', holder, parseUnits('1475', 6))
  })
})
