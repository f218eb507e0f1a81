import { DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import { sql } from 'kysely'
import { type Address, formatUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import { involvedHashes, startTestChain, type TestChain } from '../test-support/chain.ts'
import {
  BalanceResponse,
  chainApp,
  HistoryResponse,
  type HistoryTransaction,
  testIndexer,
} from '../test-support/chain-data.ts'
import { APPROVAL, TRANSFER } from './decode.ts'
import { readCursor } from './store.ts'

const [me, friend, other] = [DEV_ACCOUNTS[0].address, DEV_ACCOUNTS[1].address, DEV_ACCOUNTS[2].address]
let chain: TestChain

beforeAll(async () => {
  chain = await startTestChain()
})
afterAll(async () => {
  await chain?.stop()
})

/** Every Transfer and Approval log on the chain since the start block, straight from the node. */
async function chainLogCount(): Promise<number> {
  const logs = await chain.client.request({
    method: 'eth_getLogs',
    params: [
      {
        fromBlock: `0x${chain.deployment.firstBlock.toString(16)}`,
        toBlock: 'latest',
        topics: [[TRANSFER, APPROVAL]],
      },
    ],
  } as never)
  return (logs as unknown[]).length
}

async function indexedCounts(db: Parameters<typeof readCursor>[0]) {
  const { rows } = await sql<{ logs: string | number; native: string | number; txs: string | number }>`
    select (select count(*) from chain_events where kind <> 'native') as logs,
           (select count(*) from chain_events where kind = 'native') as native,
           (select count(*) from chain_transactions) as txs`.execute(db)
  const row = rows[0]
  return { logs: Number(row?.logs), native: Number(row?.native), txs: Number(row?.txs) }
}

async function allHistory(
  get: (path: string) => Promise<{ status: number; body: unknown }>,
  address: Address,
  limit?: number,
) {
  const seen: HistoryTransaction[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const query = [limit ? `limit=${limit}` : '', cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&')
    const { status, body } = await get(`/account/${address}/history?chainId=eip155:31337&${query}`)
    expect(status).toBe(200)
    const page = HistoryResponse.parse(body)
    seen.push(...page.data)
    cursor = page.next
    pages++
  } while (cursor)
  return { transactions: seen, pages }
}

/** The balance route lists ETH first and exactly the non-zero balances the token contracts report; never POINTS. */
async function expectBalancesMatchChain(
  get: (path: string) => Promise<{ status: number; body: unknown }>,
  address: Address,
): Promise<void> {
  const { balances } = BalanceResponse.parse(
    (await get(`/account/${address}/balance?chainId=eip155:31337`)).body,
  )
  expect(balances[0]?.symbol).toBe('ETH')
  const expected: string[] = []
  for (const key of ['DAI', 'USDC', 'WETH'] as const) {
    const token = chain.deployment.tokens[key]
    const raw = await chain.client.readContract({
      address: token.address,
      abi: demoTokenAbi,
      functionName: 'balanceOf',
      args: [address],
    })
    if (raw > 0n) expected.push(`${key} ${formatUnits(raw, token.decimals)}`)
  }
  expect(balances.slice(1).map((b) => `${b.symbol} ${b.quantity.numeric}`)).toEqual(expected)
}

/** Indexes to the head as one instance would, then lets go of the chain's lock. */
async function catchUp(database: Database): Promise<void> {
  const indexer = testIndexer(database, chain)
  try {
    await indexer.catchUp()
  } finally {
    await indexer.stop()
  }
}

describeEachBackend('indexer', (backend) => {
  test('indexes every kind of movement from the start block, and the routes show them', async () => {
    const { database, dispose } = await backend.open()
    try {
      await catchUp(database)
      const counts = await indexedCounts(database.db)
      expect(counts.logs).toBe(await chainLogCount())
      expect(counts.txs).toBeGreaterThan(20)

      const { get, app } = await chainApp(database, chain)
      const { transactions, pages } = await allHistory(get, me)
      const kinds = new Set(transactions.map((tx) => tx.metadata.operationType))
      expect([...kinds].sort()).toEqual(['approve', 'mint', 'receive', 'send'])
      expect(pages).toBeGreaterThan(1)

      // The airdropped spam NFT is a flagged receive; the ORB sent to a friend is an NFT send.
      const nftTransfers = transactions.flatMap((tx) => tx.transfers.filter((t) => t.nft_info))
      expect(nftTransfers.some((t) => t.nft_info?.flags.is_spam && t.direction === 'in')).toBe(true)
      const orbOut = nftTransfers.find((t) => t.direction === 'out')
      expect(orbOut?.nft_info).toMatchObject({ token_id: '3', flags: { is_spam: false } })
      expect(orbOut?.nft_info?.content.preview.url).toMatch(/^data:image\/svg\+xml/)

      // A transferFrom pulled by the friend is a send from me to the friend, though the friend sent
      // the transaction (to the token contract): the counterparty is the friend, not the contract.
      const pulled = transactions.find(
        (tx) => tx.transfers[0]?.direction === 'out' && tx.transfers[0]?.quantity.numeric === '200',
      )
      expect(pulled?.transfers[0]).toMatchObject({ fungible_info: { symbol: 'USDC' } })
      expect(pulled?.metadata.operationType).toBe('send')
      expect(pulled?.metadata.sentFrom.toLowerCase()).toBe(me.toLowerCase())
      expect(pulled?.metadata.sentTo?.toLowerCase()).toBe(friend.toLowerCase())

      // Balances equal what the token contracts say; zero-decimal POINTS never show.
      await expectBalancesMatchChain(get, me)
      await app.close()
    } finally {
      await dispose()
    }
  })

  test('pages through history newest first, with no gaps or duplicates, matching the chain', async () => {
    const { database, dispose } = await backend.open()
    try {
      await catchUp(database)
      const { get, app } = await chainApp(database, chain)
      const byFive = await allHistory(get, me, 5)
      const byTwenty = await allHistory(get, me)
      const hashes = byFive.transactions.map((tx) => tx.hash)
      expect(new Set(hashes).size).toBe(hashes.length)
      expect(byTwenty.transactions.map((tx) => tx.hash)).toEqual(hashes)
      expect(hashes).toEqual(await involvedHashes(chain.client, chain.deployment.firstBlock, me))
      const times = byFive.transactions.map((tx) => Date.parse(tx.metadata.minedAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      await app.close()
    } finally {
      await dispose()
    }
  })

  test('resumes after a restart with nothing lost and nothing doubled', async () => {
    const store = await backend.createStore()
    try {
      const first = await openDatabase(store.options)
      await catchUp(first)
      await first.close()

      const sent = [
        await chain.send(0, other, '1.5', 'USDC'),
        await chain.send(1, me, '0.01'),
        await chain.send(0, other, '2', 'DAI'),
      ]
      const second = await openDatabase(store.options)
      try {
        await catchUp(second)
        await catchUp(second)
        const counts = await indexedCounts(second.db)
        expect(counts.logs).toBe(await chainLogCount())
        const head = await chain.client.getBlock()
        expect(await readCursor(second.db, chain.deployment.chainId)).toEqual({
          number: Number(head.number),
          hash: head.hash,
        })
        const { get, app } = await chainApp(second, chain)
        const hashes = (await allHistory(get, me)).transactions.map((tx) => tx.hash)
        for (const hash of sent) expect(hashes.filter((h) => h === hash)).toHaveLength(1)
        expect(hashes).toEqual(await involvedHashes(chain.client, chain.deployment.firstBlock, me))
        await app.close()
      } finally {
        await second.close()
      }
    } finally {
      await store.dispose()
    }
  })

  test('rolls back blocks orphaned by a reorg and indexes the new branch', async () => {
    const { database, dispose } = await backend.open()
    const indexer = testIndexer(database, chain)
    try {
      await indexer.catchUp()
      const snapshot = await chain.snapshot()
      const orphaned = await chain.send(0, other, '7.77', 'USDC')
      await chain.mine(2)
      await indexer.catchUp()
      const { get, app } = await chainApp(database, chain)
      const before = (await allHistory(get, other)).transactions.map((tx) => tx.hash)
      expect(before).toContain(orphaned)

      await chain.revert(snapshot)
      const replacement = await chain.send(3, other, '1.23', 'DAI')
      await chain.mine(1)
      await indexer.catchUp()
      const after = (await allHistory(get, other)).transactions
      expect(after.map((tx) => tx.hash)).not.toContain(orphaned)
      expect(after[0]).toMatchObject({ hash: replacement, transfers: [{ quantity: { numeric: '1.23' } }] })
      expect(after.map((tx) => tx.hash)).toEqual(
        await involvedHashes(chain.client, chain.deployment.firstBlock, other),
      )
      expect((await indexedCounts(database.db)).logs).toBe(await chainLogCount())
      // The kept balances were reversed with the orphaned transfer.
      await expectBalancesMatchChain(get, other)
      const head = await chain.client.getBlock()
      expect(await readCursor(database.db, chain.deployment.chainId)).toEqual({
        number: Number(head.number),
        hash: head.hash,
      })
      await app.close()
    } finally {
      await indexer.stop()
      await dispose()
    }
  })

  test('only one instance indexes a chain; another takes over when it stops', async () => {
    const store = await backend.createStore()
    // PGlite allows one process per folder, so its "two instances" share one database handle.
    const first = await openDatabase(store.options)
    const second = backend.name === 'pglite' ? first : await openDatabase(store.options)
    const a = testIndexer(first, chain)
    const b = testIndexer(second, chain)
    try {
      a.start()
      await expect.poll(() => a.status.leader, { timeout: 5_000 }).toBe(true)
      b.start()
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(b.status.leader).toBe(false)
      expect(await b.catchUp()).toBe(0)

      await a.stop()
      await expect.poll(() => b.status.leader, { timeout: 5_000 }).toBe(true)
      const hash = await chain.send(2, me, '0.02')
      const { get, app } = await chainApp(second, chain)
      await expect
        .poll(async () => (await allHistory(get, me)).transactions.some((tx) => tx.hash === hash), {
          timeout: 5_000,
        })
        .toBe(true)
      await app.close()
    } finally {
      await a.stop()
      await b.stop()
      if (second !== first) await second.close()
      await first.close()
      await store.dispose()
    }
  })

  test('follows the head: a transfer made on the chain shows in history within 5 s', async () => {
    const { database, dispose } = await backend.open()
    const indexer = testIndexer(database, chain, { pollIntervalMs: 300 })
    try {
      await indexer.catchUp()
      indexer.start()
      const { get, app } = await chainApp(database, chain)
      const hash = await chain.send(1, me, '3', 'USDC')
      const sentAt = Date.now()
      await expect
        .poll(async () => (await allHistory(get, me)).transactions.find((tx) => tx.hash === hash), {
          timeout: 5_000,
          interval: 100,
        })
        .toMatchObject({
          metadata: { operationType: 'receive' },
          transfers: [{ direction: 'in', quantity: { numeric: '3' } }],
        })
      expect(Date.now() - sentAt).toBeLessThan(5_000)
      await app.close()
    } finally {
      await indexer.stop()
      await dispose()
    }
  })
})
