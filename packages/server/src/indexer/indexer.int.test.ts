import { DEV_ACCOUNTS, demoTokenAbi } from '@portico/contracts'
import { sql } from 'kysely'
import { type Address, formatUnits, type Hash } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import { involvedHashes, startTestChain, type TestChain } from '../test-support/chain.ts'
import {
  BalanceResponse,
  backfillCaughtUp,
  chainApp,
  DEV_WATCHED,
  HistoryResponse,
  type HistoryTransaction,
  settleChain,
  testIndexer,
} from '../test-support/chain-data.ts'
import { APPROVAL, TRANSFER } from './decode.ts'
import { readCursor } from './store.ts'
import { watchedAddresses } from './watched.ts'

const [me, friend, other] = [DEV_ACCOUNTS[0].address, DEV_ACCOUNTS[1].address, DEV_ACCOUNTS[2].address]
let chain: TestChain

beforeAll(async () => {
  chain = await startTestChain()
})
afterAll(async () => {
  await chain?.stop()
})

/** The Transfer and Approval logs since the start block that name a watched (dev) account, from the node. */
async function chainLogCount(): Promise<number> {
  const watched = DEV_WATCHED.map((address) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`)
  const seen = new Set<string>()
  // A log names an account as its first or second indexed party; asked once per side.
  for (const topics of [
    [[TRANSFER, APPROVAL], watched],
    [[TRANSFER, APPROVAL], null, watched],
  ]) {
    const logs = (await chain.client.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: `0x${chain.deployment.firstBlock.toString(16)}`, toBlock: 'latest', topics }],
    } as never)) as Array<{ transactionHash: Hash; logIndex: string }>
    for (const log of logs) seen.add(`${log.transactionHash}:${Number(log.logIndex)}`)
  }
  return seen.size
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

/** Follows the head and settles the watched accounts' backfills as one instance would, then lets go of the lock. */
async function catchUp(database: Database): Promise<void> {
  await settleChain(database, chain)
}

describeEachBackend('indexer', (backend) => {
  test('backfills every kind of movement of the watched accounts from the start block, and the routes show them', async () => {
    const { database, dispose } = await backend.open()
    try {
      await catchUp(database)
      const counts = await indexedCounts(database.db)
      expect(counts.logs).toBe(await chainLogCount())
      expect(counts.txs).toBeGreaterThan(20)
      // Nothing is kept that names no watched account: the chain itself is not indexed.
      const watched = DEV_WATCHED.map((address) => address.toLowerCase())
      const { rows: strangers } = await sql<{ n: string | number }>`
        select count(*) as n from chain_events
        where not (from_address = any(${watched}) or to_address = any(${watched}))`.execute(database.db)
      expect(Number(strangers[0]?.n)).toBe(0)

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
      await catchUp(database)
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
      // The balances are the chain's again once the orphaned transfer is gone.
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
      // The second one's own attempt to take the lock fails while the first holds it.
      expect(await b.catchUp()).toBe(0)
      expect(b.status.leader).toBe(false)

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
      await catchUp(database)
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

  test('a watch that lapses is dropped, and the next request watches the account afresh and closes the gap', async () => {
    const { database, dispose } = await backend.open()
    const visitor = privateKeyToAddress(generatePrivateKey())
    const key = visitor.toLowerCase()
    const chainId = chain.deployment.chainId
    const indexer = testIndexer(database, chain)
    const job = () =>
      database.db
        .selectFrom('chain_backfills')
        .select(['logs_next_block', 'done'])
        .where('chain_id', '=', chainId)
        .where('address', '=', key)
        .executeTakeFirst()
    const watchRow = () =>
      database.db
        .selectFrom('chain_watched_addresses')
        .select('first_watched_block')
        .where('chain_id', '=', chainId)
        .where('address', '=', key)
        .executeTakeFirst()
    // A millisecond's expiry: the watch has lapsed by the time the head next reads a range.
    const brief = await chainApp(database, chain, { watchExpireDays: 1 / 86_400_000 })
    const lasting = await chainApp(database, chain)
    try {
      const before = await chain.send(0, visitor, '4', 'USDC')
      await catchUp(database)
      expect((await brief.get(`/account/${visitor}/history`)).status).toBe(200)
      const first = await watchRow()
      expect(first).toBeDefined()

      // The head ends the lapsed watch before its next range, and drops its backfill with it.
      await expect
        .poll(async () => {
          await chain.mine(1)
          await indexer.catchUp()
          return (await watchRow()) !== undefined
        })
        .toBe(false)
      expect(await watchedAddresses(database.db, chainId)).not.toContain(key)
      expect(await job()).toBeUndefined()
      const during = await chain.send(1, visitor, '0.5', 'DAI')
      await indexer.catchUp()

      // Asked again (on the same instance), the account is watched from now, with its whole past queued again.
      expect((await brief.get(`/account/${visitor}/history`)).status).toBe(200)
      const again = await watchRow()
      expect(Number(again?.first_watched_block)).toBeGreaterThan(Number(first?.first_watched_block))
      expect(await job()).toEqual({ logs_next_block: expect.anything(), done: false })
      expect(Number((await job())?.logs_next_block)).toBe(chain.deployment.firstBlock)

      // A request with the usual expiry keeps it; once settled, the gap while it lapsed is filled.
      await lasting.get(`/account/${visitor}/history`)
      await indexer.stop()
      await catchUp(database)
      const { transactions } = await allHistory(lasting.get, visitor)
      expect(transactions.map((tx) => tx.hash)).toEqual([during, before])
      expect(await backfillCaughtUp(database, chainId, visitor)).toBe(true)
    } finally {
      await indexer.stop()
      await brief.app.close()
      await lasting.app.close()
      await dispose()
    }
  })

  test('an account watched while no block comes has its past read to the end without waiting for a block', async () => {
    const { database, dispose } = await backend.open()
    const visitor = privateKeyToAddress(generatePrivateKey())
    const { get, app } = await chainApp(database, chain)
    try {
      const received = await chain.send(0, visitor, '3', 'USDC')
      await catchUp(database)
      const quietAt = await chain.client.getBlockNumber({ cacheTime: 0 })

      // Watched now, on a chain that mines only on demand: the head marks it followed from its tip.
      expect((await get(`/account/${visitor}/history`)).status).toBe(200)
      await catchUp(database)
      // Done, not only read up to the tip: done is what says the account's past is complete.
      const job = await database.db
        .selectFrom('chain_backfills')
        .select('done')
        .where('chain_id', '=', chain.deployment.chainId)
        .where('address', '=', visitor.toLowerCase())
        .executeTakeFirst()
      expect(job?.done).toBe(true)
      expect((await allHistory(get, visitor)).transactions.map((tx) => tx.hash)).toEqual([received])
      expect(await chain.client.getBlockNumber({ cacheTime: 0 })).toBe(quietAt)

      // The next block is read with it: nothing falls between the backfill and the head.
      const next = await chain.send(0, visitor, '1', 'USDC')
      await catchUp(database)
      expect((await allHistory(get, visitor)).transactions.map((tx) => tx.hash)).toEqual([next, received])
    } finally {
      await app.close()
      await dispose()
    }
  })

  test('an embedded-wallet user and a remembered smart account are watched unasked, for good, with their past backfilled', async () => {
    const { database, dispose } = await backend.open()
    const user = privateKeyToAddress(generatePrivateKey())
    const smartAccount = privateKeyToAddress(generatePrivateKey())
    const chainId = chain.deployment.chainId
    const { get, app } = await chainApp(database, chain)
    try {
      const funded = [await chain.send(2, user, '0.3'), await chain.send(3, smartAccount, '5', 'USDC')]
      // A dapp asked about the user first: its watch would lapse, the embedded one must not.
      expect((await get(`/account/${user}/history`)).status).toBe(200)
      await sql`insert into embedded_users (id, email, address, smart_account)
        values ('u1', 'user@example.com', ${user}, ${smartAccount})`.execute(database.db)
      await catchUp(database)

      const rows = await database.db
        .selectFrom('chain_watched_addresses')
        .select(['address', 'reason', 'expires_at'])
        .where('chain_id', '=', chainId)
        .where('address', 'in', [user.toLowerCase(), smartAccount.toLowerCase()])
        .orderBy('reason')
        .execute()
      expect(rows.map((row) => [row.address, row.reason, row.expires_at])).toEqual([
        [user.toLowerCase(), 'embedded', null],
        [smartAccount.toLowerCase(), 'smart_account', null],
      ])
      expect((await allHistory(get, user)).transactions.map((tx) => tx.hash)).toEqual([funded[0]])
      expect((await allHistory(get, smartAccount)).transactions.map((tx) => tx.hash)).toEqual([funded[1]])
    } finally {
      await app.close()
      await dispose()
    }
  })
})
