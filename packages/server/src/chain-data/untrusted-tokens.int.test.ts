import { DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import type { FastifyInstance } from 'fastify'
import { type Address, getAddress, type Hash } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from '../db/database.ts'
import type { ChainIndexer } from '../indexer/indexer.ts'
import { readCursor } from '../indexer/store.ts'
import { describeEachBackend, type TestDatabase } from '../test-support/backends.ts'
import { startTestChain, type TestChain } from '../test-support/chain.ts'
import {
  BalanceResponse,
  chainApp,
  HistoryResponse,
  settleChain,
  testIndexer,
  USDC_ICON,
} from '../test-support/chain-data.ts'

// Tokens anyone can deploy, with the names and symbols they like, sent to an ordinary account.
const ATTACKER = 5
const victim = DEV_ACCOUNTS[0].address
let chain: TestChain
let tokens: Record<'nul' | 'fakeUsdc' | 'long', Address>
let sent: Record<'nul' | 'payment' | 'fakeUsdc' | 'long', Hash>

beforeAll(async () => {
  chain = await startTestChain()
  const mint = async (address: Address, amount: bigint) => {
    const hash = await chain.wallet(ATTACKER).writeContract({
      address,
      abi: demoTokenAbi,
      functionName: 'mint',
      args: [victim, amount],
    })
    await chain.client.waitForTransactionReceipt({ hash })
    return hash
  }
  const deploy = (name: string, symbol: string, decimals: number) =>
    chain.deployToken(ATTACKER, { name, symbol, decimals })
  tokens = {
    nul: await deploy('evil\u0000name', 'EV\u0000L', 18),
    fakeUsdc: await deploy('USD Coin', 'USDC', 6),
    long: await deploy('n'.repeat(20_000), 'S'.repeat(5_000), 18),
  }
  const nul = await mint(tokens.nul, 10n ** 20n)
  // An ordinary payment right after: it must show, whatever the token before it was called.
  const payment = await chain.send(1, victim, '0.5')
  sent = {
    nul,
    payment,
    fakeUsdc: await mint(tokens.fakeUsdc, 999_995n * 10n ** 6n),
    long: await mint(tokens.long, 10n ** 18n),
  }
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

describeEachBackend("strangers' tokens", (backend) => {
  let testDb: TestDatabase
  let database: Database
  let indexer: ChainIndexer
  let app: FastifyInstance
  let get: (path: string) => Promise<{ status: number; body: unknown }>

  beforeAll(async () => {
    testDb = await backend.open()
    database = testDb.database
    // The victim is a dev account, watched as the dev stack watches it: its past is backfilled.
    await settleChain(database, chain)
    indexer = testIndexer(database, chain)
    // Stuck at once, so the readiness test needs no waiting.
    ;({ app, get } = await chainApp(database, chain, { indexingStuckAfterMs: 0 }))
  })
  afterAll(async () => {
    await indexer?.stop()
    await app?.close()
    await testDb?.dispose()
  })

  const balances = async () => BalanceResponse.parse((await get(`/account/${victim}/balance`)).body).balances
  const balanceOf = async (token: Address) =>
    (await balances()).find((balance) => balance.address === `eip155:31337:${getAddress(token)}`)
  const history = async () => HistoryResponse.parse((await get(`/account/${victim}/history`)).body).data
  const transferIn = async (hash: Hash) => (await history()).find((tx) => tx.hash === hash)?.transfers[0]

  test('a token named with a NUL does not stop the backfill: the payment after it shows', async () => {
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    expect((await readCursor(database.db, chain.deployment.chainId))?.number).toBe(head)
    const hashes = (await history()).map((tx) => tx.hash)
    expect(hashes).toContain(sent.payment)
    expect(hashes).toContain(sent.nul)
    expect(await balanceOf(tokens.nul)).toMatchObject({ name: 'evilname', symbol: 'EVL', verified: false })
  })

  test('a "USDC" at another address is not priced, gets no USDC icon, and is marked unverified', async () => {
    const real = await balanceOf(chain.deployment.tokens.USDC.address)
    expect(real).toMatchObject({ symbol: 'USDC', price: 1, iconUrl: USDC_ICON, verified: true })
    expect(await balanceOf(tokens.fakeUsdc)).toMatchObject({
      name: 'USD Coin',
      symbol: 'USDC',
      quantity: { numeric: '999995' },
      price: 0,
      value: 0,
      iconUrl: '',
      verified: false,
    })
    expect(await transferIn(sent.fakeUsdc)).toEqual({
      direction: 'in',
      quantity: { numeric: '999995', decimals: 6 },
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: '' }, verified: false },
      value: 0,
      price: 0,
    })
    const payment = await transferIn(sent.payment)
    expect(payment?.fungible_info).toMatchObject({ symbol: 'ETH', verified: true })
  })

  test('a 20,000-character name and 5,000-character symbol are served cut to 64 and 32', async () => {
    expect(await balanceOf(tokens.long)).toMatchObject({ name: 'n'.repeat(64), symbol: 'S'.repeat(32) })
    expect((await transferIn(sent.long))?.fungible_info).toMatchObject({
      name: 'n'.repeat(64),
      symbol: 'S'.repeat(32),
    })
    const answer = JSON.stringify(await balances())
    expect(answer.length).toBeLessThan(5_000)
  })

  test('/health/ready says not ready while the chain is ahead and the index does not move', async () => {
    const ready = async () => {
      const response = await app.inject({ url: '/health/ready' })
      return { status: response.statusCode, body: response.json() }
    }
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    expect(await ready()).toMatchObject({ status: 200, body: { indexing: { ok: true, blockNumber: head } } })
    await chain.mine(2)
    expect(await ready()).toMatchObject({
      status: 503,
      body: {
        status: 'unavailable',
        chain: { ok: true, blockNumber: head + 2 },
        indexing: {
          ok: false,
          blockNumber: head,
          message: expect.stringMatching(
            `^Indexing is stuck at block ${head} \\(the chain is at ${head + 2}\\)`,
          ),
        },
      },
    })
    await indexer.catchUp()
    expect(await ready()).toMatchObject({
      status: 200,
      body: { indexing: { ok: true, blockNumber: head + 2 } },
    })
  })
})
