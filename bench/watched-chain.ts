import type { AddressInfo } from 'node:net'
import { buildServer, createProject, type Database } from '@portico/server'
import { startChainServices, startRefusingNode } from '@portico/server/testing'
import { sql } from 'kysely'
import { formatEther, formatUnits } from 'viem'
import { BusyChain } from './busy-chain.ts'
import { benchDatabases } from './chain.ts'
import { percentile } from './stats.ts'

/**
 * The watched-address model on a busy chain this bench builds (chain id 8453, contracts Portico did
 * not deploy): the time from a target account's first request until its balances equal the chain
 * and its history and NFTs are complete, per database; the head's lag under a steady load of
 * transfers; stored event rows against the watched accounts' own transfers; storage per watched
 * account; and the same first request through a node that refuses `trace_filter`.
 */
const CHAIN_ID = 8453
const PAGE = 'http://bench.example'
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const size = {
  addresses: env('BENCH_ADDRESSES', 5_000),
  transfers: env('BENCH_TRANSFERS', 50_000),
  blocks: env('BENCH_BLOCKS', 200_000),
  targetTransfers: env('BENCH_TARGET_TRANSFERS', 300),
  watched: env('BENCH_WATCHED', 10),
}
const LOAD_PER_BLOCK = env('BENCH_LOAD_PER_BLOCK', 200)
const LOAD_SECONDS = env('BENCH_LOAD_SECONDS', 30)
const COMPLETE_TIMEOUT_MS = env('BENCH_COMPLETE_TIMEOUT_S', 600) * 1000

const chain = await BusyChain.start(CHAIN_ID, size)
const tokenList = [
  { chainId: CHAIN_ID, address: chain.token, name: 'Bench Dollar', symbol: 'BUSD', decimals: 6 },
]
try {
  const prefillStarted = performance.now()
  await chain.prefill()
  console.log(
    `prefill: ${size.transfers} transfers to ${size.addresses} addresses, the target's ${chain.targetTokenHashes.size} token/NFT and ${chain.targetNativeHashes.size} ETH transactions, over ${await chain.head()} blocks in ${seconds(performance.now() - prefillStarted)} s`,
  )
  const rows = []
  for (const open of await benchDatabases()) {
    rows.push(await withTraces(open))
    rows.push(await withoutTraces(open))
  }
  console.table(rows)
} finally {
  await chain.stop()
}

type Opener = Awaited<ReturnType<typeof benchDatabases>>[number]

/** The target's first request to complete, the watched set's backfills, the head under load, and storage. */
async function withTraces(open: Opener) {
  const { name, database, dispose } = await open()
  // What the empty tables and their indexes take, so only the accounts' own rows are counted.
  const emptyBytes = await chainTableBytes(database)
  const services = await serve(database, chain.rpcUrl)
  try {
    const complete = await timeToComplete(
      services,
      new Set([...chain.targetTokenHashes, ...chain.targetNativeHashes]),
    )
    for (const other of chain.watched) await services.get(`/account/${other}/balance`)
    await waitFor(async () => (await openBackfills(database)) === 0, 'the watched accounts’ backfills')
    const lag = await headLagUnderLoad(database)
    const events = await countRows(database, 'chain_events')
    const bytes = (await chainTableBytes(database)) - emptyBytes
    const accounts = 1 + chain.watched.length
    return {
      database: name,
      node: 'traces',
      'first request → complete (s)': complete.seconds,
      'history txs': complete.transactions,
      NFTs: complete.nfts,
      nativeHistoryFrom: complete.nativeHistoryFrom ?? 'null',
      'head lag max / p50 (blocks)': `${lag.max} / ${lag.p50}`,
      'chain_events rows / own transfers': `${events} / ${chain.ownTransfers} (${(events / chain.ownTransfers).toFixed(2)}×)`,
      'chain tables per 10,000 watched': `${(((bytes / accounts) * 10_000) / 1e6).toFixed(0)} MB`,
    }
  } finally {
    await services.close()
    await dispose()
  }
}

/** The same first request through a node without `trace_filter`: tokens and NFTs complete, ETH from the watch on. */
async function withoutTraces(open: Opener) {
  const { name, database, dispose } = await open()
  const node = await startRefusingNode(chain.rpcUrl, { noTraces: true })
  const services = await serve(database, node.url)
  try {
    const complete = await timeToComplete(services, new Set(chain.targetTokenHashes))
    // ETH that reaches the target after its first watch is shown without traces.
    const sent = await chain.sendEthToTarget()
    const started = performance.now()
    await waitFor(async () => (await history(services)).hashes.has(sent), 'the ETH sent after the watch')
    return {
      database: name,
      node: 'no trace_filter',
      'first request → complete (s)': complete.seconds,
      'history txs': complete.transactions,
      NFTs: complete.nfts,
      nativeHistoryFrom: complete.nativeHistoryFrom ?? 'null (wrong: traces were refused)',
      'head lag max / p50 (blocks)': `ETH after the watch shown in ${seconds(performance.now() - started)} s`,
      'chain_events rows / own transfers': '',
      'chain tables per 10,000 watched': '',
    }
  } finally {
    await services.close()
    await dispose()
    await node.stop()
  }
}

interface Served {
  get(path: string): Promise<unknown>
  close(): Promise<void>
}

/** The services as an operator runs them (head follower, backfill worker, routes) on `rpcUrl`. */
async function serve(database: Database, rpcUrl: string): Promise<Served> {
  const services = startChainServices(database, { rpcUrl, chainId: CHAIN_ID, tokenList, pollIntervalMs: 100 })
  const app = await buildServer({ database, chain: services.chainData })
  const project = await createProject(database.db, { name: 'Bench', origins: [PAGE] })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`
  return {
    async get(path) {
      const separator = path.includes('?') ? '&' : '?'
      const response = await fetch(
        `${base}${path}${separator}projectId=${project.id}&chainId=eip155:${CHAIN_ID}`,
        {
          headers: { origin: PAGE },
        },
      )
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return response.json()
    },
    async close() {
      await app.close()
      await services.stop()
    },
  }
}

/**
 * From the target's first request (its balance, as a wallet opens with) until its balances equal
 * the chain's, its history holds exactly `expected` and its NFTs are the ones it holds.
 */
async function timeToComplete(services: Served, expected: Set<string>) {
  const started = performance.now()
  await services.get(`/account/${chain.target}/balance`)
  let last = { transactions: 0, nfts: 0, nativeHistoryFrom: null as string | null, balances: false }
  const missing = () =>
    `shown ${last.transactions} of ${expected.size} transactions, ${last.nfts} of ${chain.heldNfts.size} NFTs, balances ${last.balances ? 'equal' : 'not equal'} to the chain's`
  await waitFor(
    async () => {
      const shown = await history(services)
      const nfts = await heldNfts(services)
      last = {
        transactions: shown.hashes.size,
        nfts: nfts.size,
        nativeHistoryFrom: shown.nativeHistoryFrom,
        balances: await balancesMatch(services),
      }
      return sameSet(shown.hashes, expected) && sameSet(nfts, chain.heldNfts) && last.balances
    },
    "the target's complete account",
    missing,
  )
  return { seconds: seconds(performance.now() - started), ...last }
}

async function history(services: Served) {
  const hashes = new Set<string>()
  let cursor: string | null = null
  let nativeHistoryFrom: string | null = null
  do {
    const page = (await services.get(
      `/account/${chain.target}/history${cursor ? `?cursor=${cursor}` : ''}`,
    )) as { data: Array<{ hash: string }>; next: string | null; nativeHistoryFrom: string | null }
    for (const tx of page.data) hashes.add(tx.hash)
    nativeHistoryFrom ??= page.nativeHistoryFrom
    cursor = page.next
  } while (cursor)
  return { hashes, nativeHistoryFrom }
}

/** Every NFT the route lists for the target, through all its pages (20 a page). */
async function heldNfts(services: Served): Promise<Set<string>> {
  const tokenIds = new Set<string>()
  let cursor: string | null = null
  do {
    const page = (await services.get(
      `/account/${chain.target}/nfts${cursor ? `?cursor=${cursor}` : ''}`,
    )) as { data: Array<{ tokenId: string }>; next: string | null }
    for (const nft of page.data) tokenIds.add(nft.tokenId)
    cursor = page.next
  } while (cursor)
  return tokenIds
}

async function balancesMatch(services: Served): Promise<boolean> {
  const { balances } = (await services.get(`/account/${chain.target}/balance`)) as {
    balances: Array<{ symbol: string; quantity: { numeric: string } }>
  }
  const [token, eth] = await Promise.all([
    chain.rpc('eth_call', [
      { to: chain.token, data: `0x70a08231${chain.target.slice(2).padStart(64, '0')}` },
      'latest',
    ]),
    chain.rpc('eth_getBalance', [chain.target, 'latest']),
  ])
  const shown = (symbol: string) => balances.find((balance) => balance.symbol === symbol)?.quantity.numeric
  return (
    shown('BUSD') === formatUnits(BigInt(token as string), 6) &&
    shown('ETH') === formatEther(BigInt(eth as string))
  )
}

/** LOAD_PER_BLOCK transfers a block, a block a second, two to the target; the head's lag sampled every 100 ms. */
async function headLagUnderLoad(database: Database) {
  const lags: number[] = []
  let loading = true
  const sampler = (async () => {
    while (loading) {
      const [head, cursor] = await Promise.all([chain.head(), cursorBlock(database)])
      lags.push(head - cursor)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  for (let second = 0; second < LOAD_SECONDS; second++) {
    const started = performance.now()
    await chain.loadBlock(LOAD_PER_BLOCK, 2)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_000 - (performance.now() - started))))
  }
  loading = false
  await sampler
  return { max: Math.max(...lags), p50: percentile(lags, 0.5) }
}

async function cursorBlock(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('chain_cursors')
    .select('block_number')
    .where('chain_id', '=', CHAIN_ID)
    .executeTakeFirst()
  return Number(row?.block_number ?? 0)
}

/** Backfills that have not read up to the head's block yet (one waiting for the head to follow its account has). */
async function openBackfills(database: Database): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from chain_backfills b join chain_cursors c on c.chain_id = b.chain_id
    where b.chain_id = ${CHAIN_ID} and not b.done
      and (b.logs_next_block <= c.block_number
        or (b.native_source = 'traces' and b.native_next_block <= c.block_number))`.execute(database.db)
  return Number(rows[0]?.n ?? 0)
}

async function countRows(database: Database, table: 'chain_events'): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from ${sql.table(table)} where chain_id = ${CHAIN_ID}`.execute(database.db)
  return Number(rows[0]?.n ?? 0)
}

/** Bytes of every chain_ table with its indexes and TOAST. */
async function chainTableBytes(database: Database): Promise<number> {
  const { rows } = await sql<{ bytes: string | number }>`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and c.relname like 'chain\\_%' and n.nspname = current_schema()`.execute(
    database.db,
  )
  return Number(rows[0]?.bytes ?? 0)
}

async function waitFor(done: () => Promise<boolean>, what: string, state = () => ''): Promise<void> {
  const deadline = performance.now() + COMPLETE_TIMEOUT_MS
  while (!(await done())) {
    if (performance.now() > deadline)
      throw new Error(`${what}: not reached in ${COMPLETE_TIMEOUT_MS / 1000} s ${state()}`.trim())
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item))
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(2)
}
