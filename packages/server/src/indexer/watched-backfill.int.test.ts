import { demoTokenAbi } from '@portico/contracts'
import { demoCollectionAbi } from '@portico/contracts/testing'
import { sql } from 'kysely'
import { type Address, formatEther, formatUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { openDatabase } from '../db/database.ts'
import { describeEachBackend } from '../test-support/backends.ts'
import { FOREIGN_CHAIN_ID, type ForeignChain, startForeignChain } from '../test-support/foreign-chain.ts'
import { startRefusingNode } from '../test-support/refusing-node.ts'
import { startWatchedServices, type WatchedServices } from '../test-support/watched-services.ts'

let chain: ForeignChain

beforeAll(async () => {
  chain = await startForeignChain()
})
afterAll(async () => {
  await chain?.stop()
})

const History = z.object({
  data: z.array(
    z.object({
      hash: z.string(),
      metadata: z.object({ operationType: z.string() }),
      transfers: z.array(
        z.object({
          direction: z.string(),
          quantity: z.object({ numeric: z.string() }),
          fungible_info: z.object({ symbol: z.string() }).optional(),
          nft_info: z.object({ token_id: z.string() }).optional(),
        }),
      ),
    }),
  ),
  next: z.string().nullable(),
  nativeHistoryFrom: z.string().nullable(),
})
const Balances = z.object({
  balances: z.array(z.object({ symbol: z.string(), quantity: z.object({ numeric: z.string() }) })),
})
const Nfts = z.object({ data: z.array(z.object({ contract: z.string(), tokenId: z.string() })) })

async function fullHistory(services: WatchedServices, address: Address) {
  const pages: z.output<typeof History>[] = []
  let cursor: string | null = null
  do {
    const { body } = await services.get(`/account/${address}/history${cursor ? `?cursor=${cursor}` : ''}`)
    const page = History.parse(body)
    pages.push(page)
    cursor = page.next
  } while (cursor)
  return { data: pages.flatMap((page) => page.data), nativeHistoryFrom: pages[0]?.nativeHistoryFrom ?? null }
}

/** The token balance the contract reports, as the balance route formats it. */
async function chainTokenBalance(address: Address): Promise<string> {
  const raw = await chain.client.readContract({
    address: chain.token,
    abi: demoTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  })
  return formatUnits(raw, 6)
}

async function expectTokensAndNftsMatchChain(services: WatchedServices): Promise<void> {
  const { balances } = Balances.parse((await services.get(`/account/${chain.target}/balance`)).body)
  expect(balances.find((balance) => balance.symbol === 'BUSD')?.quantity.numeric).toBe(
    await chainTokenBalance(chain.target),
  )
  const nfts = Nfts.parse((await services.get(`/account/${chain.target}/nfts`)).body)
  expect(nfts.data.map((nft) => nft.tokenId).sort()).toEqual(chain.heldNfts)
  for (const id of chain.heldNfts) {
    const owner = await chain.client.readContract({
      address: chain.collection,
      abi: demoCollectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(id)],
    })
    expect(owner.toLowerCase()).toBe(chain.target)
  }
}

describeEachBackend('watched accounts on a chain Portico did not deploy', (backend) => {
  test('the first request watches the account; its backfill finds its whole past, the internal ETH transfer included', async () => {
    const { database, dispose } = await backend.open()
    const services = await startWatchedServices(database, chain.rpcUrl, FOREIGN_CHAIN_ID)
    try {
      const first = await services.get(`/account/${chain.target}/history`)
      expect(first.status).toBe(200)
      expect(first.watch).toBeUndefined()
      await services.settle()

      const history = await fullHistory(services, chain.target)
      expect(history.data.map((tx) => tx.hash).sort()).toEqual([...chain.targetHashes].sort())
      expect(history.nativeHistoryFrom).toBeNull()
      const internal = history.data.find((tx) => tx.hash === chain.internalHash)
      expect(internal?.transfers).toContainEqual(
        expect.objectContaining({ direction: 'in', quantity: expect.objectContaining({ numeric: '0.5' }) }),
      )
      await expectTokensAndNftsMatchChain(services)

      // Nothing is stored for accounts nobody watches: the friend's own dealings have no activity rows.
      const { rows } = await sql<{ address: string }>`
        select distinct address from chain_account_activity`.execute(database.db)
      expect(rows.map((row) => row.address)).toEqual([chain.target])
    } finally {
      await services.close()
      await dispose()
    }
  })

  test('a node that refuses wide log ranges and has no traces still gives every token movement, and the answer says from when ETH is shown', async () => {
    const node = await startRefusingNode(chain.rpcUrl, { maxLogBlocks: 50, noTraces: true })
    const { database, dispose } = await backend.open()
    const services = await startWatchedServices(database, node.url, FOREIGN_CHAIN_ID)
    try {
      await services.get(`/account/${chain.target}/balance`)
      await services.settle()
      expect(node.refused).toBeGreaterThan(0)
      expect(node.widestAnswered).toBeLessThanOrEqual(50)

      const history = await fullHistory(services, chain.target)
      const tokenMoves = history.data.filter((tx) =>
        tx.transfers.some((t) => t.fungible_info?.symbol === 'BUSD' || t.nft_info),
      )
      // The mint, both transfers and the four NFT moves; the approval shows too.
      expect(tokenMoves).toHaveLength(7)
      expect(history.data.map((tx) => tx.metadata.operationType)).toContain('approve')
      // ETH moved before the watch is not found without traces, and the answer says so.
      expect(history.nativeHistoryFrom).not.toBeNull()
      expect(history.data.map((tx) => tx.hash)).not.toContain(chain.internalHash)
      await expectTokensAndNftsMatchChain(services)
    } finally {
      await services.close()
      await dispose()
      await node.stop()
    }
  })

  test('stopped in the middle of a backfill and started again, nothing is lost and nothing doubled', async () => {
    const store = await backend.createStore()
    try {
      let database = await openDatabase(store.options)
      // Narrow ranges, so the backfill takes many steps.
      let services = await startWatchedServices(database, chain.rpcUrl, FOREIGN_CHAIN_ID, {
        logSpan: 100,
        traceSpan: 100,
      })
      await services.get(`/account/${chain.target}/history`)
      await services.indexer.catchUp()
      expect(await services.backfill.drain(3)).toBe(3)
      const { rows: half } = await sql<{ done: boolean }>`select done from chain_backfills`.execute(
        database.db,
      )
      expect(half).toEqual([{ done: false }])
      await services.close()
      await database.close()

      database = await openDatabase(store.options)
      services = await startWatchedServices(database, chain.rpcUrl, FOREIGN_CHAIN_ID, {
        logSpan: 100,
        traceSpan: 100,
        // The first instance's lease is still running: the new one takes the job once it lapses.
        backfill: { leaseMs: 1 },
      })
      await sql`update chain_backfills set leased_until = now() - interval '1 second'`.execute(database.db)
      await services.settle()
      const history = await fullHistory(services, chain.target)
      expect(history.data.map((tx) => tx.hash).sort()).toEqual([...chain.targetHashes].sort())
      await expectTokensAndNftsMatchChain(services)
      await services.close()
      await database.close()
    } finally {
      await store.dispose()
    }
  })

  test('two instances share the backfills, and the head then follows a new transfer', async () => {
    const { database, dispose } = await backend.open()
    const one = await startWatchedServices(database, chain.rpcUrl, FOREIGN_CHAIN_ID, { logSpan: 200 })
    const project = (await sql<{ id: string }>`select id from projects`.execute(database.db)).rows[0]?.id
    const two = await startWatchedServices(database, chain.rpcUrl, FOREIGN_CHAIN_ID, {
      logSpan: 200,
      projectId: project,
    })
    try {
      await one.get(`/account/${chain.target}/history`)
      await two.get(`/account/${chain.friend}/history`)
      await one.indexer.catchUp()
      const [a, b] = await Promise.all([one.backfill.drain(), two.backfill.drain()])
      expect(a + b).toBeGreaterThan(0)
      const { rows } = await sql<{
        done: boolean
      }>`select done from chain_backfills order by address`.execute(database.db)
      expect(rows).toEqual([{ done: true }, { done: true }])
      await expectTokensAndNftsMatchChain(one)
      const friendBalances = Balances.parse((await two.get(`/account/${chain.friend}/balance`)).body)
      expect(friendBalances.balances.find((balance) => balance.symbol === 'BUSD')?.quantity.numeric).toBe(
        await chainTokenBalance(chain.friend),
      )

      const before = await chain.snapshot()
      try {
        const sent = await chain.sendToken(4, chain.target, '7')
        await one.indexer.catchUp()
        const history = await fullHistory(two, chain.target)
        expect(history.data[0]?.hash).toBe(sent)
        await expectTokensAndNftsMatchChain(two)
        expect(formatEther(await chain.client.getBalance({ address: chain.target }))).not.toBe('0')
      } finally {
        // The target's past stays what the other backend's run of this file expects.
        await chain.revert(before)
      }
    } finally {
      await one.close()
      await two.close()
      await dispose()
    }
  })

  test('a reorg across blocks the backfill had read leaves the history of the new chain: the orphan gone, the replacement in', async () => {
    const { database, dispose } = await backend.open()
    const services = await startWatchedServices(database, chain.rpcUrl, FOREIGN_CHAIN_ID)
    const before = await chain.snapshot()
    try {
      // The head runs before the account is watched, as it does in production.
      await services.indexer.catchUp()
      const fork = await chain.snapshot()
      const orphan = await chain.sendToken(4, chain.target, '3')
      await chain.mine(2)
      // Watched now; its backfill runs before the head's next range, up to where it may read.
      await services.get(`/account/${chain.target}/history`)
      await services.backfill.drain()

      await chain.revert(fork)
      const replacement = await chain.sendToken(4, chain.target, '5')
      await chain.mine(3)
      // The backfill's wait for the head is over.
      await sql`update chain_backfills set next_attempt_at = now()`.execute(database.db)
      await services.settle()

      const history = await fullHistory(services, chain.target)
      const hashes = history.data.map((tx) => tx.hash)
      expect(hashes).not.toContain(orphan)
      expect(hashes.sort()).toEqual([...chain.targetHashes, replacement].sort())
      await expectTokensAndNftsMatchChain(services)
    } finally {
      await chain.revert(before)
      await services.close()
      await dispose()
    }
  })

  test('over its cap a project is still answered, unwatched, and the header says so', async () => {
    const { database, dispose } = await backend.open()
    const services = await startWatchedServices(database, chain.rpcUrl, FOREIGN_CHAIN_ID, {
      watchMaxPerProject: 1,
    })
    try {
      expect((await services.get(`/account/${chain.target}/balance`)).watch).toBeUndefined()
      const over = await services.get(`/account/${chain.friend}/balance`)
      expect(over.status).toBe(200)
      expect(over.watch).toBe('over-cap')
      const { rows } = await sql<{ address: string }>`select address from chain_watched_addresses`.execute(
        database.db,
      )
      expect(rows.map((row) => row.address)).toEqual([chain.target])
    } finally {
      await services.close()
      await dispose()
    }
  })
})
